import { canAdd, type LimitedFeature, limitFor, type PlanHolder } from '@presente/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attendanceLinks, companies, employees, schedules, workLocations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

type Counted = LimitedFeature;
type CompanyRow = typeof companies.$inferSelect;

async function count(db: Db, table: typeof employees | typeof schedules | typeof workLocations | typeof attendanceLinks, where: SQL | undefined) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row.n;
}

/**
 * The employees a plan limit counts: ACTIVE and not deleted (decision 0012). An inactive employee (by
 * hand, or deactivated by a billing downgrade) is kept but takes no seat; reactivating one takes a seat.
 */
export const countedEmployees = (companyId: string) => and(eq(employees.companyId, companyId), eq(employees.status, 'ACTIVE'), isNull(employees.deletedAt));

const counters: Record<Counted, (db: Db, companyId: string) => Promise<number>> = {
  employees: (db, companyId) => count(db, employees, countedEmployees(companyId)),
  schedules: (db, companyId) => count(db, schedules, eq(schedules.companyId, companyId)),
  locations: (db, companyId) => count(db, workLocations, eq(workLocations.companyId, companyId)),
  links: (db, companyId) => count(db, attendanceLinks, eq(attendanceLinks.companyId, companyId)),
};

/** How many items of a feature count against the company's limit now. */
export function countUsage(db: Db, companyId: string, feature: Counted): Promise<number> {
  return counters[feature](db, companyId);
}

/** 403 plan_limit_reached naming the feature and its limit (the upgrade prompt shows both). */
export function planLimitReached(company: CompanyRow, feature: Counted): AppError {
  return new AppError('plan_limit_reached', 'error.plan_limit_reached', { feature, limit: limitFor(company, feature) }, [
    { path: feature, message: 'error.plan_limit_reached' },
  ]);
}

/**
 * Inside a transaction: locks the company row (so two concurrent writes cannot both pass) and refuses
 * with 403 plan_limit_reached when `adding` more items of the feature do not fit. The one check used by
 * every create, by an employee's reactivation (INACTIVE → ACTIVE) and by the bulk import.
 */
export async function assertCanAdd(tx: Db, companyId: string, feature: Counted, adding = 1): Promise<void> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!company) throw new AppError('not_found');
  const current = await counters[feature](tx, companyId);
  if (!canAdd(company, feature, current, adding)) throw planLimitReached(company, feature);
}

/** What the super admin is told when a lower plan would leave more of a feature than it allows (decision 0012). */
const OVER_LIMIT = {
  employees: 'admin.limitBelowActiveEmployees',
  schedules: 'admin.limitBelowSchedules',
  locations: 'admin.limitBelowLocations',
  links: 'admin.limitBelowLinks',
} as const satisfies Record<Counted, string>;

/**
 * Inside a transaction, before the super admin lowers a company's limits (its plan, or maxEmployees): refuses
 * with 409 when what the company has would not fit, naming the feature and both figures: ACTIVE employees,
 * schedules, work locations, attendance links. Nothing is deactivated or deleted behind the operator's back;
 * the billing downgrade is the one path that deactivates extras (decision 0012). A limit kept or raised
 * always passes (a company already over it can still be edited). `path`: the form field that lowered it.
 */
export async function assertUsageFits(tx: Db, current: CompanyRow, next: PlanHolder, path: string): Promise<void> {
  const lowered = (Object.keys(OVER_LIMIT) as Counted[]).filter((feature) => {
    const before = limitFor(current, feature);
    const after = limitFor(next, feature);
    return after !== -1 && (before === -1 || after < before);
  });
  if (!lowered.length) return;
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, current.id)).for('update');
  for (const feature of lowered) {
    const after = limitFor(next, feature);
    const used = await counters[feature](tx, current.id);
    if (used > after) throw new AppError('conflict', OVER_LIMIT[feature], { count: used, limit: after }, [{ path, message: OVER_LIMIT[feature] }]);
  }
}

/** Usage and limits of every limited feature, for the settings, the usage banner and the upgrade prompts. */
export async function planUsage(db: Db, companyId: string) {
  const company = await db.query.companies.findFirst({ where: eq(companies.id, companyId) });
  if (!company) throw new AppError('not_found');
  const [e, s, l, k] = await Promise.all([
    counters.employees(db, companyId),
    counters.schedules(db, companyId),
    counters.locations(db, companyId),
    counters.links(db, companyId),
  ]);
  return {
    company,
    usage: {
      employees: { used: e, limit: limitFor(company, 'employees') },
      schedules: { used: s, limit: limitFor(company, 'schedules') },
      locations: { used: l, limit: limitFor(company, 'locations') },
      links: { used: k, limit: limitFor(company, 'links') },
    },
  };
}
