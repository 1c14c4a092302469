import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from './companies.js';
import { employees } from './organization.js';

const companyId = () =>
  uuid()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** Binary column: node-postgres reads a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/** One employee's enrolment: its quality and when it was made (the spec's faceData). */
export const faceProfiles = pgTable(
  'face_profiles',
  {
    employeeId: uuid()
      .primaryKey()
      .references(() => employees.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    /** 1 - the largest distance between the enrolment captures, clamped to 0-1. */
    confidence: real().notNull(),
    templates: integer().notNull(),
    registeredByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('face_profiles_company_idx').on(t.companyId)],
);

/**
 * The 128-d descriptors of each enrolment capture (the optional photo lives in face_photos), sealed with the
 * company's biometric key (face/seal.ts, decision 0029). `descriptor` is the plain column of before: the
 * start-up pass seals what it finds there and empties it.
 */
export const faceTemplates = pgTable(
  'face_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    employeeId: uuid()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    sealed: bytea(),
    /** Legacy plaintext; always NULL once the start-up pass has run. */
    descriptor: real().array(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('face_templates_company_employee_idx').on(t.companyId, t.employeeId)],
);

/**
 * One enrolment photo per employee (the best capture, re-encoded as a JPEG without metadata), kept only when
 * the company opts in (companies.keep_enrolment_photos); deleted with the templates (docs/privacy-retention.md).
 */
export const facePhotos = pgTable(
  'face_photos',
  {
    employeeId: uuid()
      .primaryKey()
      .references(() => employees.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    /** The JPEG sealed with the company's biometric key (face/seal.ts). */
    sealed: bytea(),
    /** Legacy plaintext; always NULL once the start-up pass has run. */
    jpeg: bytea(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('face_photos_company_idx').on(t.companyId)],
);

/** Biometric consent: who accepted which notice, when, and its withdrawal (kept as the audit trail). */
export const faceConsents = pgTable(
  'face_consents',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    employeeId: uuid()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    noticeVersion: varchar({ length: 40 }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    recordedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp({ withTimezone: true }),
    /** employee | employee_deleted | employee_deactivated | admin_removed | replaced | not_confirmed */
    withdrawnReason: varchar({ length: 40 }),
    /**
     * How the worker accepted (decision 0035): 'employee' in their own account, 'office' on the admin's enrolment
     * screen with the one-time code mailed to them, 'admin_legacy' a box the admin ticked before decision 0035.
     */
    method: varchar({ length: 20, enum: ['employee', 'office', 'admin_legacy'] })
      .notNull()
      .default('admin_legacy'),
    /** The worker's signature: the full name and document number they typed (checked against the record). */
    signedName: varchar({ length: 200 }),
    signedDocument: varchar({ length: 20 }),
    /** The device (user agent) and network address the acceptance came from. */
    userAgent: varchar({ length: 400 }),
    ip: varchar({ length: 64 }),
    /** An 'admin_legacy' consent: the templates are deleted if the worker has not confirmed by then. */
    confirmBy: timestamp({ withTimezone: true }),
  },
  (t) => [index('face_consents_company_employee_idx').on(t.companyId, t.employeeId, t.acceptedAt)],
);

/**
 * The one-time code for an acceptance at the office (decision 0035): mailed to the worker when the admin opens the
 * hand-over, typed by the worker on the enrolment screen. Stored as its SHA-256; one per employee; 5 tries.
 */
export const faceConsentCodes = pgTable('face_consent_codes', {
  employeeId: uuid()
    .primaryKey()
    .references(() => employees.id, { onDelete: 'cascade' }),
  companyId: companyId(),
  codeHash: varchar({ length: 64 }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  attempts: integer().notNull().default(0),
  requestedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Kiosk links: the token is stored as its SHA-256 (lookup) and AES-GCM sealed (so the admin can copy it again). */
export const attendanceLinks = pgTable(
  'attendance_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    name: varchar({ length: 120 }).notNull(),
    tokenHash: varchar({ length: 64 }).notNull(),
    tokenSealed: text().notNull(),
    isActive: boolean().notNull().default(true),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('attendance_links_token_uq').on(t.tokenHash), index('attendance_links_company_idx').on(t.companyId, t.createdAt)],
);

/** Single-use active-liveness challenges of the kiosk. */
export const faceChallenges = pgTable(
  'face_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    linkId: uuid()
      .notNull()
      .references(() => attendanceLinks.id, { onDelete: 'cascade' }),
    steps: jsonb().$type<string[]>().notNull(),
    /** The paired kiosk that asked for it (decision 0033); the mark must be signed by that kiosk. */
    kioskId: uuid(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('face_challenges_expires_idx').on(t.expiresAt)],
);

/** Failed marks in a row per kiosk device (a cookie, else IP + user agent): 5 → a cool-down. */
export const kioskDevices = pgTable(
  'kiosk_devices',
  {
    linkId: uuid()
      .notNull()
      .references(() => attendanceLinks.id, { onDelete: 'cascade' }),
    deviceKey: varchar({ length: 64 }).notNull(),
    companyId: companyId(),
    failures: integer().notNull().default(0),
    cooldownUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.deviceKey] }), index('kiosk_devices_company_idx').on(t.companyId)],
);
