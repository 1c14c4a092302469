import { translate } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentState, withdrawConsent } from './enrol.service.js';

/** The employee's biometric consent (under /employee): see it, withdraw it (templates deleted at once). */
export const faceConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/face-consent', { schema: { tags: ['employee'] } }, async (req) => ({ data: await consentState(req.ctx) }));
  app.delete('/face-consent', { schema: { tags: ['employee'] } }, async (req) => {
    await withdrawConsent(req.ctx);
    return { message: translate('face.consentWithdrawn', req.lang) };
  });
};
