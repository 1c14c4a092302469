import type { PunchReviewReason } from '@presente/shared';
import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * An accepted kiosk punch sent to the admin's review (decision 0061), written in the punch's transaction: which
 * punch of which record, and why (the measured values and the limits they crossed). The admin confirms it (kept,
 * resolved) or annuls it (the record's manual delete or the check-out's removal, with its reason). No foreign key
 * to the record: the review outlives an annulled record, as the archive does.
 */
export const punchReviews = pgTable(
  'punch_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    recordId: uuid().notNull(),
    employeeId: uuid().notNull(),
    date: date({ mode: 'string' }).notNull(),
    kind: varchar({ length: 10, enum: ['check_in', 'check_out'] }).notNull(),
    punchedAt: timestamp({ withTimezone: true }).notNull(),
    reasons: jsonb().$type<PunchReviewReason[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedByUserId: uuid(),
    resolution: varchar({ length: 10, enum: ['confirmed', 'annulled'] }),
    note: text(),
  },
  (t) => [
    uniqueIndex('punch_reviews_record_kind_uq').on(t.companyId, t.recordId, t.kind),
    index('punch_reviews_open_idx').on(t.companyId, t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);
