import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { SuperAdminDashboard } from '@presente/shared';
import { count, isNull, sql } from 'drizzle-orm';
import { paymentStatusOf } from '../../config.js';
import type { Ctx } from '../../context.js';
import { attendanceRecords, companies, employees } from '../../db/schema/index.js';
import { billingModeFor } from '../billing/billing.provider.js';

type System = SuperAdminDashboard['system'];

/** Whether the embedded database's folder can be written; a PostgreSQL server keeps its own storage. */
async function dataDirState(ctx: Ctx): Promise<System['storage']['dataDir']> {
  if (ctx.deps.dbKind !== 'pglite') return 'external';
  try {
    await access(ctx.deps.config.DATA_DIR, constants.W_OK);
    return 'writable';
  } catch {
    return 'not_writable';
  }
}

/** How Premium is paid: a simulator anyone can approve must be visible to the operator (decision 0012). */
function paymentStatus(ctx: Ctx): System['payments'] {
  const mode = billingModeFor(ctx.deps);
  return mode === 'paypal' ? (paymentStatusOf(ctx.deps.config) === 'paypal_live' ? 'paypal_live' : 'paypal_sandbox') : mode;
}

/** Platform totals (spec §3 super admin dashboard stats) and the system status block (spec §2 overview). */
export async function dashboard(ctx: Ctx): Promise<SuperAdminDashboard> {
  const system: System = {
    database: 'connected',
    api: 'ok',
    storage: { mode: ctx.deps.mailer.mode, dataDir: await dataDirState(ctx) },
    // The real state of the worker pool (not loaded when the engine is disabled or not started).
    faceEngine: ctx.deps.face?.status().state ?? 'not_loaded',
    payments: paymentStatus(ctx),
  };
  try {
    await ctx.deps.ping();
  } catch (err) {
    ctx.log.error({ err }, 'dashboard: database ping failed');
    return { totalCompanies: 0, totalEmployees: 0, activeEmployees: 0, totalAttendances: 0, system: { ...system, database: 'error' } };
  }
  const [[c], [e], [a]] = await Promise.all([
    // A closed company (decision 0034) is only its kept register: not a customer any more.
    ctx.db.select({ n: count() }).from(companies).where(isNull(companies.closedAt)),
    ctx.db
      .select({ total: count(), active: sql<number>`count(*) filter (where ${employees.status} = 'ACTIVE')` })
      .from(employees)
      .where(isNull(employees.deletedAt)),
    ctx.db.select({ n: count() }).from(attendanceRecords),
  ]);
  return {
    totalCompanies: Number(c.n),
    totalEmployees: Number(e.total),
    activeEmployees: Number(e.active),
    totalAttendances: Number(a.n),
    system,
  };
}
