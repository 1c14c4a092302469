import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCompany } from '../../context.js';
import { verifyChain } from './chain.js';

const integrityResponse = z.object({
  data: z.object({
    ok: z.boolean(),
    entries: z.number().int(),
    headHash: z.string(),
    broken: z.object({ seq: z.number().int().nullable(), recordId: z.string(), date: z.string(), reason: z.enum(['link', 'content', 'unchained']) }).optional(),
  }),
});

/** GET /company-admin-simple/attendance/integrity: recomputes the company's hash chain (decision 0038). */
export const integrityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/attendance/integrity', { schema: { tags: ['attendance'], response: { 200: integrityResponse } } }, async (req) => ({
    data: await verifyChain(req.ctx.db, requireCompany(req.ctx.actor)),
  }));
};
