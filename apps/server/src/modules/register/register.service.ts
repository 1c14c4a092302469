import { documentProblem, type Language } from '@presente/shared';
import { and, asc, count, desc, eq, gt, gte, lte, max, min } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import { attendanceRecords, companies, employees, registerLinks, subscriptions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { sha256 } from '../../lib/crypto.js';
import { toLifecycle } from '../billing/apply.js';
import { deadlines } from '../billing/lifecycle.js';
import { loadRegister, monthEnd, type RegisterLine, type RegisterRange } from './register.data.js';
import { REGISTER_TYPES, type RegisterFormat, registerFileName, registerPdf, registerXlsx } from './register.files.js';

export interface RegisterFile {
  body: Buffer;
  type: string;
  fileName: string;
}

/** The whole register of one company as a file (every month kept; decision 0034). */
export async function registerFile(
  ctx: Pick<Ctx, 'db'>,
  companyId: string,
  format: RegisterFormat,
  lang: Language,
  now: Date,
  range: RegisterRange | null = null,
): Promise<RegisterFile> {
  const data = await loadRegister(ctx.db, companyId, range);
  const body = format === 'xlsx' ? await registerXlsx(data, lang, now) : await registerPdf(data, lang, now);
  return { body, type: REGISTER_TYPES[format], fileName: registerFileName(data, format, lang) };
}

/** The company admin's own register (also from a register-only session): the tenant is the session's. */
export function ownRegister(ctx: Ctx, format: RegisterFormat, now: Date, lang: Language = ctx.lang) {
  return registerFile(ctx, requireCompany(ctx.actor), format, lang, now);
}

/** What the register-only screen shows: the company, how much the register holds, and when the data goes. */
export async function ownRegisterSummary(ctx: Ctx) {
  const companyId = requireCompany(ctx.actor);
  const [company] = await ctx.db
    .select({ name: companies.name, ruc: companies.ruc, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new AppError('not_found', 'admin.companyNotFound');
  const [stats] = await ctx.db
    .select({ records: count(), first: min(attendanceRecords.date), last: max(attendanceRecords.date) })
    .from(attendanceRecords)
    .where(eq(attendanceRecords.companyId, companyId));
  const [sub] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.isCurrent, true)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const when = sub ? deadlines(toLifecycle(sub)) : null;
  return {
    companyName: company.name,
    ruc: company.ruc,
    timezone: company.timezone,
    records: Number(stats?.records ?? 0),
    firstDate: stats?.first ?? null,
    lastDate: stats?.last ?? null,
    accessEndedAt: when?.accessUntil?.toISOString() ?? null,
    deletionAt: when?.deletionAt?.toISOString() ?? null,
    registerOnly: !!ctx.actor?.registerOnly,
  };
}

/** The register behind a mailed link: the token's SHA-256 must match a link that has not expired at `now`. */
export async function linkedCompany(ctx: Pick<Ctx, 'db'>, token: string, now: Date): Promise<string> {
  if (!token || token.length > 100) throw linkInvalid();
  const [link] = await ctx.db
    .select({ companyId: registerLinks.companyId })
    .from(registerLinks)
    .where(and(eq(registerLinks.tokenHash, sha256(token)), gt(registerLinks.expiresAt, now)));
  if (!link) throw linkInvalid();
  return link.companyId;
}
export const linkInvalid = () => new AppError('link_expired', 'register.linkInvalid');

/** The super admin's copy of any company's register, closed ones included (for an inspection). */
export async function companyRegister(ctx: Ctx, companyId: string, format: RegisterFormat, now: Date, lang: Language = ctx.lang) {
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError('not_found', 'admin.companyNotFound');
  return registerFile(ctx, companyId, format, lang, now);
}

/** The most months one range may ask for (five years: what the law keeps). */
export const MAX_RANGE_MONTHS = 60;

/** A valid from..to month range: from not after to, at most MAX_RANGE_MONTHS months; else a 400 that changes nothing. */
export function checkRange(range: RegisterRange): RegisterRange {
  const months = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
  const span = months(range.to) - months(range.from) + 1;
  if (span < 1 || span > MAX_RANGE_MONTHS) throw new AppError('validation_failed', 'register.rangeInvalid');
  return range;
}

/**
 * Workers of a Peruvian company with a record in the range and no valid identity document (decision 0037):
 * the register would print an empty or wrong column, so the export is refused with this list instead.
 */
export async function workersWithoutDocument(ctx: Pick<Ctx, 'db'>, companyId: string, range: RegisterRange) {
  const [company] = await ctx.db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  if (company?.country !== 'PE') return [];
  const rows = await ctx.db
    .selectDistinct({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      code: employees.employeeCode,
      documentType: employees.documentType,
      documentNumber: employees.documentNumber,
    })
    .from(employees)
    .innerJoin(attendanceRecords, eq(attendanceRecords.employeeId, employees.id))
    .where(and(eq(employees.companyId, companyId), gte(attendanceRecords.date, `${range.from}-01`), lte(attendanceRecords.date, monthEnd(range.to))))
    .orderBy(asc(employees.lastName), asc(employees.firstName));
  return rows
    .filter((e) => !e.documentType || !e.documentNumber || documentProblem(e.documentType, e.documentNumber))
    .map((e) => ({ id: e.id, name: `${e.lastName}, ${e.firstName}`, code: e.code }));
}

/**
 * The company admin's register for a month range (the web's export; decision 0037): refused with a 422
 * `documents_missing` that lists the workers (path `workers.<id>`) while any of a Peruvian company lacks a document.
 */
export async function ownRangeRegister(ctx: Ctx, range: RegisterRange, format: RegisterFormat, now: Date, lang: Language = ctx.lang) {
  const companyId = requireCompany(ctx.actor);
  checkRange(range);
  const missing = await workersWithoutDocument(ctx, companyId, range);
  if (missing.length) {
    throw new AppError(
      'documents_missing',
      'register.documentsMissing',
      { count: missing.length, names: missing.map((m) => m.name).join('; ') },
      missing.map((m) => ({ path: `workers.${m.id}`, message: `${m.name} (${m.code})` })),
    );
  }
  return registerFile(ctx, companyId, format, lang, now, range);
}

/**
 * The register's lines of a month range in (date, employee) order, from after a cursor: the public API's pages
 * (decision 0061), read by the same read model as the files (loadRegister). `limit + 1` lines, for pageOf.
 */
export async function registerLinesAfter(ctx: Ctx, range: RegisterRange, after: string[] | null, limit: number): Promise<RegisterLine[]> {
  const companyId = requireCompany(ctx.actor);
  const data = await loadRegister(ctx.db, companyId, checkRange(range));
  const lines = data.months.flatMap((m) => m.lines).sort((a, b) => a.date.localeCompare(b.date) || a.employeeId.localeCompare(b.employeeId));
  const [day, employeeId] = after ?? [];
  const start = day ? lines.findIndex((l) => l.date > day || (l.date === day && l.employeeId > employeeId!)) : 0;
  return start < 0 ? [] : lines.slice(start, start + limit + 1);
}
