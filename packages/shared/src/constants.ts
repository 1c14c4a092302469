/** Business constants of the spec (§9). One place: server and web import them. */
export const APP_VERSION = 'v2.1.0';

export const ROLES = ['SUPER_ADMIN', 'COMPANY_ADMIN', 'EMPLOYEE'] as const;
export type Role = (typeof ROLES)[number];

/** Spec §2: roles are compared lower-cased with underscore turned into hyphen. */
export function roleToArea(role: Role): 'super-admin' | 'company-admin' | 'employee' {
  return role.toLowerCase().replace(/_/g, '-') as 'super-admin' | 'company-admin' | 'employee';
}
export function homePathFor(role: Role): string {
  return `/${roleToArea(role)}`;
}

export const PLANS = ['FREE', 'PREMIUM'] as const;
export type Plan = (typeof PLANS)[number];
export const COMPANY_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const PASSWORD_MIN_ADMIN = 8;
export const PASSWORD_MIN_EMPLOYEE = 6;
export const RUC_MAX = 20;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const DEFAULT_COUNTRY = 'PE';
export const DEFAULT_TIMEZONE = 'America/Lima';
export const DEFAULT_LOCALE = 'es-PE';
/** Client default while nobody is logged in (spec §9). */
export const CLIENT_DEFAULT_TIMEZONE = 'UTC';
export const CLIENT_DEFAULT_LOCALE = 'en-US';

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export const TOAST_MS = { success: 5000, error: 7000, info: 4000 } as const;
export const API_TIMEOUT_MS = 8000;
export const CHECK_TIMEOUT_HTTP_MS = 6000;
export const CHECK_TIMEOUT_SOCKET_MS = 8000;

/** Plan limits (spec §4, §9). -1 means unlimited. */
export const PLAN_LIMITS = {
  FREE: { employees: 5, schedules: 1, locations: 1, links: 1 },
  PREMIUM: { employees: -1, schedules: -1, locations: -1, links: -1 },
} as const;
/**
 * What a plan includes besides counts (spec §1): the Excel/PDF exports of the reports and the monthly
 * calendar are Premium ("full reports with export"). Peru's attendance register is a legal obligation and
 * is exported on every plan (decision 0012).
 */
export const PLAN_FEATURES = {
  FREE: { exports: false },
  PREMIUM: { exports: true },
} as const;
/** The largest maxEmployees the super admin may set (-1 = unlimited); the database column is an integer. */
export const MAX_EMPLOYEES_CEILING = 100_000;
export const PREMIUM_PRICE_PER_EMPLOYEE_USD = 2.5;
export const PREMIUM_MIN_EMPLOYEES = 5;
export const PREMIUM_MAX_EMPLOYEES = 1000;
export const PAGE_SIZE = 10;
/**
 * The calendar the product works in: every day a request names (ranges, records, holidays, link expiries)
 * lies in these years (decision 0020). Hire dates may be older (HIRE_DATE_MIN_YEAR).
 */
export const DATE_YEARS = { min: 2000, max: 2100 } as const;
export const HIRE_DATE_MIN_YEAR = 1900;
/** The longest span of days one answer may build (a year and a bit: annual reports, exports). */
export const MAX_RANGE_DAYS = 366 + 31;

/**
 * Forgotten check-outs (issue 4): an open record is closed as incomplete at shift end + this grace, and a
 * punch after midnight belongs to the previous night shift up to its end + the same grace. Set per company.
 */
export const OPEN_RECORD_GRACE_HOURS = { min: 1, max: 24, default: 4 } as const;

/**
 * Spec §7 local exports: sheet names and file-name prefixes are the spec's words in every interface
 * language (the files are shared and filed; an English UI must not rename them).
 * Files: {prefix}_{first}_{last}_{start}_{end}.xlsx / .pdf
 */
export const REPORT_EXPORT = {
  admin: { summarySheet: 'Resumen', detailSheet: 'Detalle', filePrefix: 'Informe' },
  employee: { summarySheet: 'Mi Resumen', detailSheet: 'Mis Asistencias', filePrefix: 'Mi_Informe' },
} as const;
