import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../context.js';
import { AppError } from '../../errors.js';
import { keyOfToken } from '../integrations/api-keys.service.js';
import { sendProblem } from './problem.js';
import { countRequest } from './rate-limit.js';
import { v1ReadRoutes } from './v1.reads.js';
import { v1WriteRoutes } from './v1.writes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The public API's key of the request (/api/v1 only). */
    apiKey?: { id: string; scope: 'read' | 'read_write' };
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * /api/v1, the public API (decision 0048): `Authorization: Bearer <key>` only. A session cookie is ignored here (the
 * actor is the key's, or none), so no CSRF question arises. The key's company is the tenant (row-level security as
 * for its admins); the author of a write is the key's name. Every answer carries RateLimit-*; every error is
 * RFC 9457 problem details with the product's code.
 */
export const apiV1Routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    async (v1) => {
      v1.setErrorHandler((err: FastifyError, req, reply) => sendProblem(v1, err, req, reply));
      v1.setNotFoundHandler((req, reply) => sendProblem(v1, new AppError('not_found'), req, reply));
      v1.addHook('onRequest', async (req, reply) => {
        req.actor = null;
        req.ctx = { ...req.ctx, actor: null, db: app.deps.db };
        const match = BEARER.exec(String(req.headers.authorization ?? ''));
        if (!match) throw new AppError('unauthorized', 'integrations.keyMissing');
        const key = await keyOfToken(app.deps.db, match[1]!);
        if (!key) throw new AppError('unauthorized', 'integrations.keyInvalid');
        const actor: Actor = {
          userId: key.createdBy,
          sessionId: `api-key:${key.id}`,
          role: 'COMPANY_ADMIN',
          companyId: key.companyId,
          name: key.name,
          email: '',
        };
        req.actor = actor;
        req.apiKey = { id: key.id, scope: key.scope };
        req.ctx = { ...req.ctx, actor, db: app.deps.tenantDb(key.companyId) };
        await countRequest(app.deps.limiter, key.id, reply);
      });
      // Answers to a key are never cached by anything in between.
      v1.addHook('onSend', async (_req, reply, payload) => {
        reply.header('Cache-Control', 'no-store');
        return payload;
      });
      await v1.register(v1ReadRoutes);
      await v1.register(v1WriteRoutes);
    },
    { prefix: '/v1' },
  );
};
