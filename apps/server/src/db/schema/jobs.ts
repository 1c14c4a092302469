import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * Durable background work: a row per run, claimed with FOR UPDATE SKIP LOCKED so several server
 * processes share the queue and a restart loses nothing (a run left `running` by a dead process is
 * retried after its lease).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: varchar({ length: 60 }).notNull(),
    payload: jsonb().notNull().default({}),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: varchar({ length: 10, enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    /** One pending run per key (e.g. a recurring job's next slot). */
    dedupeKey: varchar({ length: 200 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt), uniqueIndex('jobs_dedupe_uq').on(t.dedupeKey)],
);
