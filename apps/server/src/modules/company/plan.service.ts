import { canAdd, type LimitedFeature, limitFor } from '@presente/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attendanceLinks, companies, employees, schedules, workLocations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

type Counted = LimitedFeature;

async function count(db: Db, table: typeof employees | typeof schedules | typeof workLocations | typeof attendanceLinks, where: SQL | undefined) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row.n;
}

const counters: Record<Counted, (db: Db, companyId: string) => Promise<number>> = {
  employees: (db, companyId) => count(db, employees, and(eq(employees.companyId, companyId), isNull(employees.deletedAt))),
  schedules: (db, companyId) => count(db, schedules, eq(schedules.companyId, companyId)),
  locations: (db, companyId) => count(db, workLocations, eq(workLocations.companyId, companyId)),
  links: (db, companyId) => count(db, attendanceLinks, eq(attendanceLinks.companyId, companyId)),
};

/**
 * Inside a transaction: locks the company row (so two concurrent creates cannot both pass) and
 * refuses with 403 plan_limit_reached when one more item of the feature does not fit.
 */
export async function assertCanAdd(tx: Db, companyId: string, feature: Counted) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!company) throw new AppError('not_found');
  const current = await counters[feature](tx, companyId);
  if (!canAdd(company, feature, current)) {
    throw new AppError('plan_limit_reached', 'error.plan_limit_reached', { feature, limit: limitFor(company, feature) }, [
      { path: feature, message: 'error.plan_limit_reached' },
    ]);
  }
}

/** Usage and limits of every limited feature, for the settings and upgrade prompts. */
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
