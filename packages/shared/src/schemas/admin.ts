import { z } from 'zod';
import { COMPANY_STATUSES, MAX_EMPLOYEES_CEILING, PASSWORD_MIN_ADMIN, PLANS, RUC_MAX } from '../constants.js';
import { PAYMENT_STATUSES } from './billing.js';
import { optionalPhone, paginationSchema } from './common.js';

/** Payloads of the super admin area (spec §7 "Super admin"); messages are keys of the shared catalogue. */

const trimmed = z.string().trim();
/** A required text: absent, not a string or blank all answer the field's "required" message. */
const required = (key: string) => z.string(key).trim().min(1, key);
const emailOf = (requiredKey: string, invalidKey = 'validation.emailInvalid') =>
  required(requiredKey)
    .max(254, 'validation.tooLong')
    .pipe(z.email(invalidKey))
    .transform((v) => v.toLowerCase());
/** Optional text: omitted, null or blank becomes undefined. */
const optionalText = (max: number) =>
  trimmed
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((v) => (v ? v : undefined));
/** Optional text on edit: omitted = unchanged (undefined), null or blank = cleared (null). */
const clearableText = (max: number) =>
  trimmed
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const plan = z.enum(PLANS, 'admin.planInvalid');
/**
 * Spec §5: integer >= 1; -1 means unlimited (§3 company settings). A numeric string is accepted. Bounded
 * above (MAX_EMPLOYEES_CEILING): the column is an integer, and a FREE company is capped at 5 anyway.
 */
const maxEmployees = z.coerce
  .number('admin.maxEmployeesInvalid')
  .refine((n) => n <= MAX_EMPLOYEES_CEILING, 'admin.maxEmployeesTooLarge')
  .refine((n) => Number.isInteger(n) && (n === -1 || n >= 1), 'admin.maxEmployeesInvalid');
/** Spec §4: SUSPENDED exists but is not selectable in the form. */
const selectableStatus = z.enum(['ACTIVE', 'INACTIVE'], {
  error: (iss) => (iss.input === 'SUSPENDED' ? 'admin.statusSuspendedNotSelectable' : 'admin.statusInvalid'),
});
/** A password field that may be absent, null or blank (= not given). */
const optionalPassword = z
  .string()
  .max(200, 'validation.tooLong')
  .nullish()
  .transform((v) => (v ? v : undefined));
const countryFields = {
  country: trimmed.toUpperCase().length(2, 'validation.countryInvalid').optional(),
  timezone: trimmed.min(1, 'validation.timezoneInvalid').max(64, 'validation.timezoneInvalid').optional(),
  locale: trimmed.min(2, 'validation.invalid').max(10, 'validation.invalid').optional(),
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The spec allows two shapes of the admin part: flat (adminName, adminEmail, adminPassword, setupType)
 * or nested (adminData {name, email, password, setupOption}). Both become the flat shape; a nested
 * value wins over a flat one.
 */
function flattenAdminData(input: unknown): unknown {
  if (!isRecord(input) || !isRecord(input.adminData)) return input;
  const { adminData, ...rest } = input;
  const pick = (nested: unknown, flat: unknown) => (nested !== undefined ? nested : flat);
  return {
    ...rest,
    adminName: pick(adminData.name, rest.adminName),
    adminEmail: pick(adminData.email, rest.adminEmail),
    adminPassword: pick(adminData.password, rest.adminPassword),
    setupType: pick(adminData.setupOption, rest.setupType),
  };
}

const createShape = z
  .object({
    name: required('validation.companyNameRequired').max(200, 'validation.tooLong'),
    ruc: required('admin.rucRequired').max(RUC_MAX, 'validation.rucMax'),
    /** Razón social (decision 0053): an extension. */
    legalName: optionalText(200),
    email: emailOf('validation.companyEmailRequired'),
    plan: plan.default('FREE'),
    maxEmployees: maxEmployees.default(10),
    status: selectableStatus.default('ACTIVE'),
    phone: optionalPhone,
    address: optionalText(300),
    city: optionalText(120),
    ...countryFields,
    adminName: required('validation.adminNameRequired').max(200, 'validation.tooLong'),
    adminEmail: emailOf('validation.adminEmailRequired'),
    setupType: z.enum(['manual', 'email'], 'admin.setupTypeInvalid').default('email'),
    adminPassword: optionalPassword,
  })
  .superRefine((v, ctx) => {
    if (v.setupType !== 'manual') return;
    const message = !v.adminPassword ? 'admin.passwordRequiredManual' : v.adminPassword.length < PASSWORD_MIN_ADMIN ? 'validation.passwordMin8' : null;
    if (message)
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: the issue's code is never shown: the error answer and the forms carry path and message only
        code: 'custom',
        path: ['adminPassword'],
        message,
      });
  })
  .transform(({ adminPassword, ...v }) => ({ ...v, adminPassword: v.setupType === 'manual' ? adminPassword : undefined }));

/** POST /super-admin/companies, flat or with adminData. */
export const superAdminCompanyCreateInput = z.preprocess(flattenAdminData, createShape);
export type SuperAdminCompanyCreateInput = z.output<typeof superAdminCompanyCreateInput>;

const updateShape = z.object({
  name: required('validation.companyNameRequired').max(200, 'validation.tooLong').optional(),
  ruc: required('admin.rucRequired').max(RUC_MAX, 'validation.rucMax').optional(),
  legalName: clearableText(200),
  email: emailOf('validation.companyEmailRequired').optional(),
  plan: plan.optional(),
  maxEmployees: maxEmployees.optional(),
  /** SUSPENDED is accepted only as the company's current status (a no-op); the service refuses a change to it. */
  status: z.enum(COMPANY_STATUSES, 'admin.statusInvalid').optional(),
  phone: clearableText(40),
  address: clearableText(300),
  city: clearableText(120),
  ...countryFields,
  adminName: required('validation.adminNameRequired').max(200, 'validation.tooLong').optional(),
  adminEmail: emailOf('validation.adminEmailRequired').optional(),
  /** Sent only when the admin's password is to change (spec §5); blank means unchanged. */
  adminPassword: optionalPassword.refine((v) => v === undefined || v.length >= PASSWORD_MIN_ADMIN, 'validation.passwordMin8'),
});

/** PUT /super-admin/companies/{id}: only the fields sent change; flat or with adminData. */
export const superAdminCompanyUpdateInput = z.preprocess(flattenAdminData, updateShape);
export type SuperAdminCompanyUpdateInput = z.output<typeof superAdminCompanyUpdateInput>;

/** An empty filter or "all" means no filter. */
const filter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || (typeof v === 'string' && v.toLowerCase() === 'all') ? undefined : v), schema.optional());

export const superAdminCompanyListQuery = z.object({
  search: trimmed
    .max(200, 'validation.tooLong')
    .optional()
    .transform((v) => (v ? v : undefined)),
  plan: filter(plan),
  status: filter(z.enum(COMPANY_STATUSES, 'validation.invalid')),
  page: z.coerce.number('validation.invalid').int('validation.invalid').min(1, 'validation.invalid').default(1),
  limit: z.coerce.number('validation.invalid').int('validation.invalid').min(1, 'validation.invalid').max(100, 'validation.invalid').default(10),
});
export type SuperAdminCompanyListQuery = z.output<typeof superAdminCompanyListQuery>;

export const superAdminCompanyAdmin = z.object({ id: z.string(), name: z.string(), email: z.string(), isActive: z.boolean() });

/** A company as the super admin sees it (spec §3). */
export const superAdminCompany = z.object({
  id: z.string(),
  name: z.string(),
  ruc: z.string().nullable(),
  legalName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  timezone: z.string(),
  locale: z.string(),
  plan: z.enum(PLANS),
  status: z.enum(COMPANY_STATUSES),
  maxEmployees: z.number().int(),
  currentEmployees: z.number().int(),
  registeredAt: z.string(),
  updatedAt: z.string(),
  admin: superAdminCompanyAdmin.nullable(),
  /** Extension (decision 0034): when the company was deleted; only its attendance register is kept, read-only. */
  closedAt: z.string().nullable().optional(),
  /** Extension (decision 0041): the latest money disagreement with PayPal (a payment not price x seats, an overridden price). */
  billingFlag: z.object({ reason: z.string(), at: z.string() }).nullable().optional(),
});
export type SuperAdminCompany = z.infer<typeof superAdminCompany>;

/** POST (201) and PUT /super-admin/companies: the company as saved, the confirmation and, on create, a mail warning. */
/** GET /super-admin/companies: a page of companies. */
export const superAdminCompanyListAnswer = z.object({ data: z.array(superAdminCompany), pagination: paginationSchema });

export const superAdminCompanySavedAnswer = z.object({ data: superAdminCompany, message: z.string(), warning: z.string().optional() });
export type SuperAdminCompanySavedAnswer = z.infer<typeof superAdminCompanySavedAnswer>;

export const superAdminToggleAdminInput = z.object({ isActive: z.boolean('admin.isActiveRequired') });

export const superAdminAdminStatus = z.object({ isActive: z.boolean(), name: z.string(), email: z.string() });
export type SuperAdminAdminStatus = z.infer<typeof superAdminAdminStatus>;

export const superAdminChangePasswordInput = z
  .object({
    currentPassword: z.string('admin.currentPasswordRequired').min(1, 'admin.currentPasswordRequired').max(200, 'validation.tooLong'),
    newPassword: z
      .string('admin.newPasswordRequired')
      .min(1, 'admin.newPasswordRequired')
      // Empty says only 'required' (one message), without aborting the object's own checks (RUC, mismatch).
      .refine((v) => v.length === 0 || v.length >= PASSWORD_MIN_ADMIN, 'validation.passwordMin8')
      .max(200, 'validation.tooLong'),
    /** Optional on the API (spec §7 sends two fields); when sent it must match. */
    confirmPassword: z.string().max(200, 'validation.tooLong').optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsMismatch',
  })
  .refine((v) => !v.currentPassword || v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'admin.passwordSameAsCurrent',
  });

export const superAdminChangeEmailInput = z.object({ newEmail: emailOf('admin.emailInvalid', 'admin.emailInvalid') });

const counts = {
  totalCompanies: z.number().int(),
  totalEmployees: z.number().int(),
  activeEmployees: z.number().int(),
  totalAttendances: z.number().int(),
};

/** GET /super-admin/dashboard (spec §3 super admin dashboard stats, plus the system status block of §2). */
export const superAdminDashboard = z.object({
  ...counts,
  system: z.object({
    database: z.enum(['connected', 'error']),
    api: z.literal('ok'),
    storage: z.object({
      /** How mail leaves: SMTP, or the local outbox under DATA_DIR. */
      mode: z.enum(['smtp', 'outbox']),
      /** DATA_DIR of the embedded database: writable or not; 'external' with a PostgreSQL server. */
      dataDir: z.enum(['writable', 'not_writable', 'external']),
    }),
    /** State of the face engine's worker pool (not_loaded when disabled or not started). */
    faceEngine: z.enum(['not_loaded', 'loading', 'ready', 'error']),
    /** How Premium is paid: the built-in simulator ('Modo de prueba'), PayPal sandbox or live, or off. */
    payments: z.enum(PAYMENT_STATUSES),
  }),
});
export type SuperAdminDashboard = z.infer<typeof superAdminDashboard>;
