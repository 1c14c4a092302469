import { index, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { employees } from './organization.js';

/**
 * Rotating-QR codes already used, per employee (decision 0044): a code marks once per person; the row is kept
 * until the code could no longer be accepted anyway (its `expiresAt`), then deleted by later punches.
 */
export const qrPunchUses = pgTable(
  'qr_punch_uses',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: uuid()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** The code's signature (base64url): unique per code, and nothing an observer could not read off the screen. */
    codeMac: varchar({ length: 64 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qr_punch_uses_employee_code_uq').on(t.companyId, t.employeeId, t.codeMac),
    index('qr_punch_uses_expires_idx').on(t.companyId, t.expiresAt),
  ],
);
