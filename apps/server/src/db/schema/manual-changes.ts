import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from './companies.js';
import { employees } from './organization.js';

/** What a manual change left a record as (or was before it): times as ISO instants. */
export interface ManualChangeValues {
  checkIn: string | null;
  checkOut: string | null;
  isPermission: boolean;
  notes: string | null;
  status: string | null;
}

/**
 * Every time an admin created, edited or deleted an attendance record by hand (decision 0039): who (the name as
 * it was, so it outlives the account), when, why, the values before and after, and the worker's answer:
 * pending, agreed ("Conforme") or disputed ("En desacuerdo", with a comment). Part of the attendance register:
 * kept 5 years from the record's date, read-only once the company is closed (decision 0034).
 */
export const manualChanges = pgTable(
  'manual_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: uuid()
      .notNull()
      .references(() => employees.id, { onDelete: 'no action' }),
    /** The attendance record (or, after a deletion, its copy in attendance_archive: the same id); no foreign key. */
    recordId: uuid().notNull(),
    date: date({ mode: 'string' }).notNull(),
    action: varchar({ length: 10, enum: ['created', 'updated', 'deleted'] }).notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorName: varchar({ length: 200 }).notNull(),
    reason: text(),
    previous: jsonb().$type<ManualChangeValues>(),
    next: jsonb().$type<ManualChangeValues>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    answer: varchar({ length: 10, enum: ['pending', 'agreed', 'disputed'] })
      .notNull()
      .default('pending'),
    answerComment: text(),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('manual_changes_company_date_idx').on(t.companyId, t.date),
    index('manual_changes_employee_idx').on(t.companyId, t.employeeId, t.createdAt),
    check('manual_changes_dispute_comment', sql`${t.answer} <> 'disputed' or length(trim(${t.answerComment})) > 0`),
  ],
);
