import type { PayrollRules } from '@presente/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/** A client company (tenant). */
export const companies = pgTable(
  'companies',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: varchar({ length: 200 }).notNull(),
    ruc: varchar({ length: 20 }),
    /** Razón social (the legal name SUNAT knows), printed beside the trade name in the register (decision 0037). */
    legalName: varchar({ length: 200 }),
    email: varchar({ length: 254 }).notNull(),
    phone: varchar({ length: 40 }),
    address: varchar({ length: 300 }),
    city: varchar({ length: 120 }),
    country: varchar({ length: 2 }).notNull().default('PE'),
    timezone: varchar({ length: 64 }).notNull().default('America/Lima'),
    locale: varchar({ length: 10 }).notNull().default('es-PE'),
    plan: varchar({ length: 16, enum: ['FREE', 'PREMIUM'] })
      .notNull()
      .default('FREE'),
    status: varchar({ length: 16, enum: ['ACTIVE', 'INACTIVE', 'SUSPENDED'] })
      .notNull()
      .default('ACTIVE'),
    /** -1 = unlimited (spec §3 company settings). */
    maxEmployees: integer().notNull().default(5),
    /** Hours after shift end at which a forgotten check-out is closed as incomplete. */
    openRecordGraceHours: integer().notNull().default(4),
    /** Face match threshold (Euclidean distance on 128-d descriptors). */
    faceMatchThreshold: integer().notNull().default(55),
    keepEnrolmentPhotos: boolean().notNull().default(false),
    /** The payroll summary's rules set by the admin (decision 0059); null: Peru's legal defaults. */
    payrollRules: jsonb().$type<PayrollRules>(),
    /**
     * Set when the company is deleted (billing's 30 days, or the super admin): accounts, face data and the rest
     * are gone, the attendance register is kept read-only for 5 years (decision 0034).
     */
    closedAt: timestamp({ withTimezone: true }),
    registeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('companies_name_idx').on(t.name), index('companies_status_plan_idx').on(t.status, t.plan)],
);

/** Every person who can log in. SUPER_ADMIN has no company; the others belong to exactly one. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    role: varchar({ length: 16, enum: ['SUPER_ADMIN', 'COMPANY_ADMIN', 'EMPLOYEE'] }).notNull(),
    name: varchar({ length: 200 }).notNull(),
    email: varchar({ length: 254 }).notNull(),
    passwordHash: text().notNull(),
    isActive: boolean().notNull().default(true),
    language: varchar({ length: 2 }),
    hasCompletedTour: boolean().notNull().default(false),
    tourCompletedAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    passwordChangedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // One login per email across the platform (an email identifies the account at login).
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_company_role_idx').on(t.companyId, t.role),
  ],
);

/** Server-side sessions; the cookie carries a random token whose SHA-256 is stored here. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar({ length: 64 }).notNull(),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 400 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use password reset tokens, stored hashed, valid 1 hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar({ length: 64 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_token_uq').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Countries offered at registration (seeded at start from the shared list). */
export const countries = pgTable('countries', {
  code: varchar({ length: 2 }).primaryKey(),
  nameEs: varchar({ length: 100 }).notNull(),
  nameEn: varchar({ length: 100 }).notNull(),
  locale: varchar({ length: 10 }).notNull(),
  /** Ordered list of {timezone, name}; the first is the default. */
  timezones: jsonb().$type<{ timezone: string; name: string }[]>().notNull(),
});

/** Small key/value store for instance-wide state (e.g. first-start flags). */
export const systemSettings = pgTable('system_settings', {
  key: varchar({ length: 100 }).primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
