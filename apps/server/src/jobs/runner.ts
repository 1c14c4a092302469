import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../context.js';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import type { Leader } from './leader.js';

export type JobHandler = (deps: AppDeps, payload: Record<string, unknown>, now: Date) => Promise<void>;

export interface Recurring {
  type: string;
  everyMs: number;
}

const LEASE_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 5;
/** Runs claimed at once; a full batch means more may be due, and the runner goes on at once (an import's 400 mails). */
export const CLAIM_BATCH = 20;

/** Enqueues a run; with a dedupe key, a second enqueue of the same key is ignored. */
export async function enqueue(db: Db, type: string, payload: Record<string, unknown> = {}, opts: { runAt?: Date; dedupeKey?: string } = {}) {
  await db
    .insert(jobs)
    .values({ type, payload, runAt: opts.runAt ?? new Date(), dedupeKey: opts.dedupeKey })
    .onConflictDoNothing();
}

/** Claims due runs (pending, or running with an expired lease) without blocking other processes. */
async function claim(db: Db, now: Date, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(or(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)), and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now))))
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(jobs)
      .set({ status: 'running', lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${jobs.attempts} + 1` })
      .where(
        inArray(
          jobs.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/**
 * Runs due jobs once: each handler's failure is recorded and retried with backoff up to 5 attempts.
 * Recurring jobs get their next slot enqueued (deduplicated across processes).
 */
export async function runDueJobs(deps: AppDeps, handlers: Record<string, JobHandler>, recurring: Recurring[], log: FastifyBaseLogger, now = new Date()) {
  for (const r of recurring) {
    const slot = Math.floor(now.getTime() / r.everyMs) * r.everyMs;
    await enqueue(deps.db, r.type, {}, { runAt: new Date(slot), dedupeKey: `${r.type}@${new Date(slot).toISOString()}` });
  }
  const claimed = await claim(deps.db, now, CLAIM_BATCH);
  for (const job of claimed) {
    const handler = handlers[job.type];
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(deps, job.payload as Record<string, unknown>, now);
      await deps.db.update(jobs).set({ status: 'done', finishedAt: new Date(), lastError: null }).where(eq(jobs.id, job.id));
    } catch (err) {
      const failed = job.attempts >= MAX_ATTEMPTS;
      log.error({ err, job: job.type, attempts: job.attempts }, 'job failed');
      await deps.db
        .update(jobs)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: String((err as Error).message ?? err).slice(0, 2000),
          runAt: new Date(now.getTime() + 60_000 * 2 ** job.attempts),
          lockedUntil: null,
        })
        .where(eq(jobs.id, job.id));
    }
  }
  return claimed.length;
}

/** Whether this runner is the active one now: without a leader, always; with Redis away, too (leader.ts). */
async function active(leader: Leader | undefined, log: FastifyBaseLogger, was: { active: boolean | null }) {
  const now = leader ? await leader.hold().catch(() => true) : true;
  if (leader && now !== was.active) log.info({ runner: leader.id }, now ? 'job runner active' : 'job runner standing by');
  was.active = now;
  return now;
}

/**
 * Polls for due jobs every `intervalMs` until stopped; after a full batch, at once; `wake()` runs a tick now. With a
 * leader, a tick runs jobs only while this process holds the lease; the others stand by (decision 0065).
 */
export function startJobRunner(
  deps: AppDeps,
  handlers: Record<string, JobHandler>,
  recurring: Recurring[],
  log: FastifyBaseLogger,
  intervalMs = 30_000,
  leader?: Leader,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const was = { active: null as boolean | null };
  const tick = () => {
    let full = false;
    running = active(leader, log, was)
      .then((yes) => (yes ? runDueJobs(deps, handlers, recurring, log) : 0))
      .then((claimed) => {
        full = claimed >= CLAIM_BATCH;
      })
      .catch((err) => log.error({ err }, 'job runner tick failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, full ? 0 : intervalMs);
      });
  };
  timer = setTimeout(tick, 1000);
  deps.wakeJobs = () => {
    // Work just queued (an import's set-password mails) need not wait for the next poll: the next tick comes now,
    // or right after the one running.
    if (stopped) return;
    clearTimeout(timer);
    running.then(() => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(tick, 0);
    });
  };
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      // A standby takes over at its next tick instead of when the lease lapses.
      if (was.active) await leader?.release().catch(() => {});
    },
  };
}
