import { bigint, index, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * Tamper evidence (decision 0038): every write to a company's attendance records appends one entry whose
 * hash covers the record's content and the previous entry's hash. Append-only; verified by recomputation.
 */
export const attendanceChain = pgTable(
  'attendance_chain',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    recordId: uuid().notNull(),
    date: varchar({ length: 10 }).notNull(),
    op: varchar({ length: 12, enum: ['write', 'delete', 'backfill'] }).notNull(),
    contentHash: varchar({ length: 64 }).notNull(),
    prevHash: varchar({ length: 64 }).notNull(),
    hash: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.seq] }), index('attendance_chain_record_idx').on(t.companyId, t.recordId)],
);

/** The company's chain head: locked FOR UPDATE by each append, so two punches at once cannot fork the chain. */
export const attendanceChainHeads = pgTable('attendance_chain_heads', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  seq: bigint({ mode: 'number' }).notNull(),
  hash: varchar({ length: 64 }).notNull(),
});
