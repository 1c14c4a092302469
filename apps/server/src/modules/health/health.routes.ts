import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Liveness and readiness: the database answers a query. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), faceEngine: z.string(), uptimeSeconds: z.number(), version: z.string() }),
          503: z.object({ status: z.literal('error'), database: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      const { deps } = app;
      try {
        await deps.ping();
      } catch {
        return reply.code(503).send({ status: 'error' as const, database: 'unreachable' });
      }
      return {
        status: 'ok' as const,
        database: deps.dbKind,
        faceEngine: deps.face?.status().state ?? 'not_loaded',
        uptimeSeconds: Math.round((Date.now() - deps.startedAt.getTime()) / 1000),
        version: '2.1.0',
      };
    },
  );
};
