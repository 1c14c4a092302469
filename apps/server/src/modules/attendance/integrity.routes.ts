import { areaErrorAnswers, integrityAnswer } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCompany } from '../../context.js';
import { verifyChain } from './chain.js';

/** GET /company-admin-simple/attendance/integrity: recomputes the company's hash chain (decision 0038). */
export const integrityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/attendance/integrity', { schema: { tags: ['attendance'], response: { 200: integrityAnswer, ...areaErrorAnswers } } }, async (req) => ({
    data: await verifyChain(req.ctx.db, requireCompany(req.ctx.actor)),
  }));
};
