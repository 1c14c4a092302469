import type { ScheduleSnapshot } from '@presente/shared';
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from './companies.js';
import { employees } from './organization.js';

/** One shift of one employee: the work date is the local day the shift starts (night shifts included). */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // Records outlive a deleted employee (kept 5 years); only deleting the company removes them.
    employeeId: uuid()
      .notNull()
      .references(() => employees.id, { onDelete: 'no action' }),
    date: date({ mode: 'string' }).notNull(),
    checkIn: timestamp({ withTimezone: true }),
    checkOut: timestamp({ withTimezone: true }),
    workHours: numeric({ precision: 6, scale: 2 }),
    status: varchar({ length: 16 }),
    notes: text(),
    isPermission: boolean().notNull().default(false),
    /** A permission without pay (sin goce de haber): counted apart by the payroll summary (decision 0059). */
    permissionUnpaid: boolean().notNull().default(false),
    /** The admin approved this day's overtime (when the company's payroll rules require approval; decision 0059). */
    overtimeApprovedAt: timestamp({ withTimezone: true }),
    overtimeApprovedByUserId: uuid(),
    method: varchar({ length: 20, enum: ['manual', 'face_recognition', 'qr_code', 'web'] })
      .notNull()
      .default('web'),
    isManual: boolean().notNull().default(false),
    /** Closed by the job after a forgotten check-out (shift end + the company's grace). */
    incomplete: boolean().notNull().default(false),
    /** Why an admin created or changed the record by hand. */
    manualReason: text(),
    checkInLatitude: doublePrecision(),
    checkInLongitude: doublePrecision(),
    checkOutLatitude: doublePrecision(),
    checkOutLongitude: doublePrecision(),
    /** Evidence of face/link punches (distances, liveness, accuracy, ip, user agent, link id). */
    evidence: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // Idempotent per employee and shift: a retry or a double click never makes two records.
    uniqueIndex('attendance_company_employee_date_uq').on(t.companyId, t.employeeId, t.date),
    index('attendance_company_date_idx').on(t.companyId, t.date),
    index('attendance_open_idx').on(t.companyId, t.checkOut).where(sql`${t.checkOut} is null`),
  ],
);

/** What happened, for the activity tab and the audit trail (manual edits keep previous values). */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: uuid().references(() => employees.id, { onDelete: 'cascade' }),
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    type: varchar({ length: 40 }).notNull(),
    title: varchar({ length: 200 }).notNull(),
    description: text(),
    details: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_company_created_idx').on(t.companyId, t.createdAt),
    index('activity_company_employee_idx').on(t.companyId, t.employeeId, t.createdAt),
  ],
);

/**
 * What applied to an employee from a local day on (docs/decisions/0013-attendance-history.md): active or
 * not (ACTIVE and not deleted) and their schedule's rules as they were. Every write that changes them
 * upserts the period of "today" in the company's timezone (modules/attendance/periods.ts), so past days
 * are judged by the rules of their day, not by today's.
 */
export const employeeSchedulePeriods = pgTable(
  'employee_schedule_periods',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: uuid()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    validFrom: date({ mode: 'string' }).notNull(),
    active: boolean().notNull(),
    /** The assigned schedule, also when it was inactive (its holidays still apply); no foreign key: history outlives the schedule. */
    scheduleId: uuid(),
    /** The schedule's rule fields and name (SNAPSHOT_FIELDS), null without a schedule or while it was inactive. */
    schedule: jsonb().$type<ScheduleSnapshot>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.validFrom] }), index('employee_periods_company_idx').on(t.companyId, t.validFrom)],
);

/**
 * Attendance records an admin deleted: the whole row as it was, who deleted it, when and why. They no
 * longer count anywhere (a new record can be made for that day) but are kept like the records (5 years).
 */
export const attendanceArchive = pgTable(
  'attendance_archive',
  {
    id: uuid().primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: uuid()
      .notNull()
      .references(() => employees.id, { onDelete: 'no action' }),
    date: date({ mode: 'string' }).notNull(),
    record: jsonb().notNull(),
    deletedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reason: text().notNull(),
  },
  (t) => [index('attendance_archive_company_employee_idx').on(t.companyId, t.employeeId, t.date)],
);
