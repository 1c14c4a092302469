import type { SuperAdminCompany, SuperAdminCompanyListQuery } from '@presente/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import type { Db } from '../../db/client.js';
import { companies, employees, subscriptions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { containsFolded } from '../../lib/sql.js';

type CompanyRow = typeof companies.$inferSelect;
type AdminRow = { id: string; companyId: string | null; name: string; email: string; isActive: boolean };

export const companyNotFound = () => new AppError('not_found', 'admin.companyNotFound');

/** LIKE pattern that matches `text` literally anywhere (%, _ and \ are escaped). */

/**
 * The administrator shown for each company: its first COMPANY_ADMIN (oldest account), in one query.
 * Works inside a transaction too (`db` may be a transaction handle).
 */
export async function companyAdmins(db: Db, companyIds: string[]): Promise<Map<string, AdminRow>> {
  if (!companyIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([users.companyId], { id: users.id, companyId: users.companyId, name: users.name, email: users.email, isActive: users.isActive })
    .from(users)
    .where(and(inArray(users.companyId, companyIds), eq(users.role, 'COMPANY_ADMIN')))
    .orderBy(users.companyId, asc(users.createdAt), asc(users.id));
  return new Map(rows.map((r) => [r.companyId!, r]));
}

/** Employees that count against the plan (ACTIVE, not deleted; decision 0012) per company, in one grouped query. */
async function employeeCounts(db: Db, companyIds: string[]): Promise<Map<string, number>> {
  if (!companyIds.length) return new Map();
  const rows = await db
    .select({ companyId: employees.companyId, n: count() })
    .from(employees)
    .where(and(inArray(employees.companyId, companyIds), eq(employees.status, 'ACTIVE'), isNull(employees.deletedAt)))
    .groupBy(employees.companyId);
  return new Map(rows.map((r) => [r.companyId, Number(r.n)]));
}

/** The latest billing flag per company (decision 0041: a payment or subscription that disagrees with our price), in one query. */
async function billingFlags(db: Db, companyIds: string[]): Promise<Map<string, { reason: string; at: string }>> {
  if (!companyIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([subscriptions.companyId], { companyId: subscriptions.companyId, reason: subscriptions.flagReason, at: subscriptions.flaggedAt })
    .from(subscriptions)
    .where(and(inArray(subscriptions.companyId, companyIds), isNotNull(subscriptions.flaggedAt)))
    .orderBy(subscriptions.companyId, desc(subscriptions.flaggedAt));
  return new Map(rows.map((r) => [r.companyId, { reason: r.reason ?? '', at: r.at!.toISOString() }]));
}

/** Company rows as the API shows them (spec §3), with employee counts and admins fetched in bulk. */
export async function toCompanyViews(db: Db, rows: CompanyRow[]): Promise<SuperAdminCompany[]> {
  const ids = rows.map((r) => r.id);
  const [counts, admins, flags] = await Promise.all([employeeCounts(db, ids), companyAdmins(db, ids), billingFlags(db, ids)]);
  return rows.map((c) => {
    const admin = admins.get(c.id);
    return {
      id: c.id,
      name: c.name,
      ruc: c.ruc,
      legalName: c.legalName,
      email: c.email,
      phone: c.phone,
      address: c.address,
      city: c.city,
      country: c.country,
      timezone: c.timezone,
      locale: c.locale,
      plan: c.plan,
      status: c.status,
      maxEmployees: c.maxEmployees,
      currentEmployees: counts.get(c.id) ?? 0,
      registeredAt: c.registeredAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
      admin: admin ? { id: admin.id, name: admin.name, email: admin.email, isActive: admin.isActive } : null,
      closedAt: c.closedAt ? c.closedAt.toISOString() : null,
      billingFlag: flags.get(c.id) ?? null,
    };
  });
}

/** Companies of the platform, newest first, filtered by search (name, tax id, email), plan and status. */
export async function listCompanies(ctx: Ctx, q: SuperAdminCompanyListQuery) {
  const filters: (SQL | undefined)[] = [];
  if (q.search) {
    filters.push(containsFolded([companies.name, companies.ruc, companies.email], q.search));
  }
  if (q.plan) filters.push(eq(companies.plan, q.plan));
  if (q.status) filters.push(eq(companies.status, q.status));
  const where = and(...filters);

  const [[{ total }], rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(companies).where(where),
    ctx.db
      .select()
      .from(companies)
      .where(where)
      .orderBy(desc(companies.registeredAt), desc(companies.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  const pages = Math.max(1, Math.ceil(Number(total) / q.limit));
  return {
    data: await toCompanyViews(ctx.db, rows),
    pagination: { page: q.page, limit: q.limit, total: Number(total), pages, totalPages: pages },
  };
}

/** One company by id; 404 when it does not exist. */
export async function getCompany(ctx: Ctx, id: string, db: Db = ctx.db): Promise<SuperAdminCompany> {
  const row = await db.query.companies.findFirst({ where: eq(companies.id, id) });
  if (!row) throw companyNotFound();
  const [view] = await toCompanyViews(db, [row]);
  return view;
}
