import {
  dataAnswer,
  faceConsentInput,
  faceConsentRecord,
  faceConsentState,
  faceConsentSummary,
  idParam,
  messageAnswer,
  savedAnswer,
  sessionErrorAnswers,
  translate,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptOwnConsent, consentRecord, consentState, withdrawConsent } from './consent.service.js';

const tags = ['employee'];

/**
 * The employee's biometric consent (under /employee; decision 0035): see it, accept the current notice with their
 * typed full name and document number, print the record, withdraw it (templates and photo deleted at once).
 */
export const faceConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/face-consent', { schema: { tags, response: { 200: dataAnswer(faceConsentState), ...sessionErrorAnswers() } } }, async (req) => ({
    data: await consentState(req.ctx),
  }));
  app.post(
    '/face-consent',
    {
      schema: {
        tags,
        body: faceConsentInput,
        description: 'The worker accepts the current biometric notice: fullName and documentNumber as on their record, noticeVersion as shown.',
        response: { 201: savedAnswer(faceConsentSummary), ...sessionErrorAnswers(409) },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await acceptOwnConsent(req.ctx, req.body), message: translate('consent.recorded', req.lang) }),
  );
  app.get(
    '/face-consent/record/:id',
    { schema: { tags, params: idParam, response: { 200: dataAnswer(faceConsentRecord), ...sessionErrorAnswers(404) } } },
    async (req) => ({ data: await consentRecord(req.ctx, req.params.id) }),
  );
  app.delete('/face-consent', { schema: { tags, response: { 200: messageAnswer, ...sessionErrorAnswers(404) } } }, async (req) => {
    await withdrawConsent(req.ctx);
    return { message: translate('face.consentWithdrawn', req.lang) };
  });
};
