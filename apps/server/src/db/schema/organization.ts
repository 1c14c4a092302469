import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from './companies.js';

const companyId = () =>
  uuid()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updated = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const departments = pgTable(
  'departments',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    name: varchar({ length: 120 }).notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('departments_company_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

export const workLocations = pgTable(
  'work_locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    name: varchar({ length: 120 }).notNull(),
    address: varchar({ length: 300 }),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    allowedRadius: integer().notNull().default(100),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('work_locations_company_idx').on(t.companyId, t.name)],
);

export const schedules = pgTable(
  'schedules',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    name: varchar({ length: 120 }).notNull(),
    /** Local wall-clock times "HH:mm" in the company's timezone. */
    startTime: varchar({ length: 5 }).notNull(),
    endTime: varchar({ length: 5 }).notNull(),
    breakStartTime: varchar({ length: 5 }),
    breakEndTime: varchar({ length: 5 }),
    /** Comma-separated ISO weekdays, Monday=1 .. Sunday=7 (spec §3). */
    workDays: varchar({ length: 13 }).notNull().default('1,2,3,4,5'),
    lateToleranceMinutes: integer().notNull().default(15),
    allowEarlyCheckIn: boolean().notNull().default(true),
    earlyCheckInMinutes: integer().notNull().default(30),
    countActualTime: boolean().notNull().default(false),
    allowManualAttendance: boolean().notNull().default(true),
    /** Marking by scanning a work location's rotating QR (decision 0044); off by default. */
    allowQrAttendance: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    locationId: uuid().references(() => workLocations.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('schedules_company_idx').on(t.companyId, t.name)],
);

export const employees = pgTable(
  'employees',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    /** The employee's login account (role EMPLOYEE). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    firstName: varchar({ length: 100 }).notNull(),
    lastName: varchar({ length: 100 }).notNull(),
    email: varchar({ length: 254 }).notNull(),
    employeeCode: varchar({ length: 40 }).notNull(),
    /** DNI, CE, PASSPORT, PTP or OTHER (decision 0037); the register prints it beside the number. */
    documentType: varchar({ length: 12, enum: ['DNI', 'CE', 'PASSPORT', 'PTP', 'OTHER'] }),
    documentNumber: varchar({ length: 20 }),
    position: varchar({ length: 120 }),
    phone: varchar({ length: 40 }),
    scheduleId: uuid().references(() => schedules.id, { onDelete: 'set null' }),
    departmentId: uuid().references(() => departments.id, { onDelete: 'set null' }),
    status: varchar({ length: 10, enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    hireDate: date({ mode: 'string' }),
    /** Deleted employees are hidden but kept: their attendance records must stay 5 years. */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    // Codes are unique per company whatever their case (A1 = a1), as the import compares them.
    uniqueIndex('employees_company_code_uq').on(t.companyId, sql`lower(${t.employeeCode})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('employees_company_email_uq').on(t.companyId, sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    index('employees_company_dept_idx').on(t.companyId, t.departmentId),
    index('employees_company_schedule_idx').on(t.companyId, t.scheduleId),
    index('employees_company_name_idx').on(t.companyId, t.lastName, t.firstName),
    uniqueIndex('employees_user_uq').on(t.userId),
  ],
);

export const holidays = pgTable(
  'holidays',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    name: varchar({ length: 120 }).notNull(),
    date: date({ mode: 'string' }).notNull(),
    description: text(),
    applyToAll: boolean().notNull().default(true),
    shouldPayFullDay: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('holidays_company_date_idx').on(t.companyId, t.date)],
);

/** The schedules a holiday applies to when applyToAll is false. */
export const holidaySchedules = pgTable(
  'holiday_schedules',
  {
    companyId: companyId(),
    holidayId: uuid()
      .notNull()
      .references(() => holidays.id, { onDelete: 'cascade' }),
    scheduleId: uuid()
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.holidayId, t.scheduleId] }), index('holiday_schedules_company_idx').on(t.companyId, t.scheduleId)],
);
