/**
 * Which face pool a process uses and whether it serves the face queue, from its roles (ROLES, decision 0065):
 * - with the face role: the local pool of worker threads (pool.ts), as before; with an explicit ROLES and Redis it also
 *   takes the face queue's jobs of every web process (queue-worker.ts);
 * - web without the face role: the remote pool (remote-pool.ts), answered by the face processes through the queue;
 * - jobs alone: no face pool (no job analyses images).
 */
import type { Config, Roles } from './config.js';
import { createFacePool, type FacePool } from './face/pool.js';
import { serveFaceQueue } from './face/queue-worker.js';
import { createRemoteFacePool } from './face/remote-pool.js';
import { connectRedis, type RedisLink } from './lib/redis.js';

type Log = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

export function faceForRoles(roles: Roles, config: Config, redis: RedisLink | undefined, log: Log) {
  // BullMQ's workers and queue events block on Redis: no per-command retry limit, no command timeout.
  const connect = () => redis!.duplicate({ maxRetriesPerRequest: null, commandTimeout: undefined });
  let pool: FacePool | undefined;
  let queueWorker: ReturnType<typeof serveFaceQueue> | undefined;
  if (roles.face && config.FACE_WORKERS !== 0) {
    pool = createFacePool({ size: config.FACE_WORKERS, log });
    if (roles.explicit && redis)
      queueWorker = serveFaceQueue({ pool, connect, presence: redis.client, concurrency: pool.status().size, queue: config.FACE_QUEUE_NAME, log });
  } else if (roles.web && !roles.face && redis) {
    pool = createRemoteFacePool({
      connect,
      presence: redis.client,
      timeoutMs: config.FACE_QUEUE_TIMEOUT_MS,
      orphanGraceMs: config.FACE_ORPHAN_GRACE_MS,
      queue: config.FACE_QUEUE_NAME,
      log,
    });
  }
  return {
    /** What deps.face is: absent where no pool serves this process. */
    pool,
    /** Warms the local pool and starts serving the queue, or connects the remote pool. */
    start: () => (queueWorker ? queueWorker.start() : pool?.start()),
    async close() {
      await queueWorker?.close();
      await pool?.close();
    },
  };
}

/**
 * A process with the face role alone: no database, no HTTP; it warms its pool, serves the face queue, and on SIGTERM
 * finishes the images it holds before it leaves.
 */
export async function runFaceProcess(config: Config, log: Log & { warn(msg: string): void }) {
  const redis = connectRedis(config.REDIS_URL!, log as never);
  const face = faceForRoles({ web: false, jobs: false, face: true, explicit: true }, config, redis, log);
  await face.start();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({}, `${signal}: shutting down`);
    setTimeout(() => process.exit(1), 10_000).unref();
    await face.close().catch((err) => log.error({ err }, 'face process did not close cleanly'));
    redis.disconnect();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
