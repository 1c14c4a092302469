import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../../plugins/error-handler.js';

/**
 * Liveness and readiness, within a second whatever the load (decision 0021). `database` is its kind
 * (pglite | postgres) while it answers, `slow` when it answers late or every connection is busy (200: the
 * service is up, only slow), `unreachable` when it does not answer (503). `redis` (with REDIS_URL only) is
 * `degraded` while Redis is away: the service goes on with per-process limits and events, so still 200.
 * `disk` is `full` (503) while the last write was refused for space (decision 0028).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const redis = z.enum(['ok', 'degraded']).optional();
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.string(),
            redis,
            disk: z.literal('ok'),
            faceEngine: z.string(),
            uptimeSeconds: z.number(),
            version: z.string(),
          }),
          503: z.object({ status: z.literal('error'), database: z.string(), redis, disk: z.enum(['ok', 'full']) }),
        },
      },
    },
    async (_req, reply) => {
      const { deps } = app;
      const database = await deps.databaseHealth();
      const redisState = deps.redisHealth?.();
      const disk = deps.disk?.full ? ('full' as const) : ('ok' as const);
      if (database === 'unreachable' || disk === 'full') {
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ status: 'error' as const, database: database === 'ok' ? deps.dbKind : database, ...(redisState ? { redis: redisState } : {}), disk });
      }
      return {
        status: 'ok' as const,
        database: database === 'ok' ? deps.dbKind : database,
        ...(redisState ? { redis: redisState } : {}),
        disk,
        faceEngine: deps.face?.status().state ?? 'not_loaded',
        uptimeSeconds: Math.round((Date.now() - deps.startedAt.getTime()) / 1000),
        version: '2.1.0',
      };
    },
  );
};
