import { bigint, index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { employees } from './organization.js';

/**
 * A receipt per punch (decision 0053): issued in the punch's own transaction for each check-in, check-out and
 * manual entry, shown in the worker's area and mailed. `code` is the first 12 hex digits of the punch's
 * hash-chain entry (decision 0038), so the admin's integrity page can resolve it and check the entry still matches.
 */
export const punchReceipts = pgTable(
  'punch_receipts',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: uuid()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    recordId: uuid().notNull(),
    chainSeq: bigint({ mode: 'number' }).notNull(),
    code: varchar({ length: 12 }).notNull(),
    kind: varchar({ length: 10, enum: ['check_in', 'check_out', 'manual'] }).notNull(),
    date: varchar({ length: 10 }).notNull(),
    checkIn: timestamp({ withTimezone: true }),
    checkOut: timestamp({ withTimezone: true }),
    method: varchar({ length: 20 }).notNull(),
    place: varchar({ length: 200 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('punch_receipts_code_idx').on(t.companyId, t.code), index('punch_receipts_employee_idx').on(t.companyId, t.employeeId, t.createdAt)],
);
