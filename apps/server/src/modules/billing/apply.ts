import type { Language } from '@presente/shared';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import type { Db } from '../../db/client.js';
import { companies, employees, sessions, subscriptions, users } from '../../db/schema/index.js';
import { enqueue } from '../../jobs/runner.js';
import { rooms } from '../../realtime/events.js';
import { logActivity } from '../activity/activity.service.js';
import { companyAdmins } from '../admin/companies.query.js';
import { snapshotPeriods } from '../attendance/periods.js';
import { dropCompanySockets, dropSessionSockets, revokeSessions } from '../auth/sessions.js';
import { removeFaceData } from '../face/enrol.service.js';
import { closeCompany } from '../register/closing.js';
import { jobLinkBase, registerDownloadUrl } from '../register/register.links.js';
import type { BillingMailParams } from './billing.mails.js';
import { knownPlan } from './catalog.js';
import { deadlines, decide, type LifecycleEvent, type LifecycleStep, type LifecycleSubscription, STEP_MAILED } from './lifecycle.js';
import { paidSeats, refundLeavesPeriodPaid, type SubscriptionProblem, subscriptionProblem } from './money.js';
import type { ProviderSubscription } from './provider.js';
import { cancelOrOwe } from './stray.js';

export const BILLING_MAIL_JOB = 'billing-mail';
export const BILLING_LIFECYCLE_JOB = 'billing-lifecycle';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type Deps = Pick<AppDeps, 'db' | 'events' | 'config' | 'billing'>;

/** What happened inside a transaction, to finish after the commit (realtime events, provider clean-up). */
export interface Applied {
  companyId: string;
  steps: LifecycleStep[];
  deleted: boolean;
  /** Subscriptions to cancel at the provider: older ones a new one replaced, or the one of a company deleted in arrears. */
  cancelAtProvider: { id: string; reason: string }[];
  /** Employees were deactivated (downgrade) or reactivated (restore): the employees tab must refresh. */
  employeesChanged: boolean;
  /** Sessions ended (deactivated employees) and whether the company closed: their sockets go after the commit. */
  revokedSessions: string[];
  companyClosed: boolean;
  /** The money checks refused the subscription (decision 0041): cancelled here, and at the provider. */
  refused?: SubscriptionProblem;
  /** A payment that is not price x seats was flagged for the super admin. */
  flagged?: boolean;
}

/** The price per seat and period we sell a subscription row at: its plan's (catalogue), else the row's. */
async function priceOf(tx: Db, deps: Deps, sub: SubscriptionRow): Promise<string> {
  const plan = await knownPlan({ ...deps, db: tx }, sub.providerPlanId);
  if (plan) return plan.pricePerPeriod;
  return (Number(sub.pricePerEmployee) * (sub.billingCycle === 'annual' ? 12 : 1)).toFixed(2);
}

/** A completed payment checked against price x seats: the seats it pays for, or a mismatch (decision 0041). */
async function checkPayment(tx: Db, deps: Deps, sub: SubscriptionRow, event: Extract<LifecycleEvent, { type: 'payment_completed' }>): Promise<LifecycleEvent> {
  const pricePerPeriod = await priceOf(tx, deps, sub);
  const seats = paidSeats(event.amount, event.currency, { pricePerPeriod, currency: sub.currency }, [sub.employeeCount, sub.revisionEmployeeCount]);
  if (seats !== null) return { ...event, quantity: seats };
  const expected = `${((Math.round(Number(pricePerPeriod) * 100) * sub.employeeCount) / 100).toFixed(2)} ${sub.currency}`;
  return { type: 'payment_mismatch', amount: event.amount, currency: event.currency, time: event.time, expected };
}

/**
 * A refund checked against price x seats (decision 0054): one that leaves the period paid is only logged; any
 * other (a reversal, a refund of an unknown sale, or one leaving less than the period's price) reopens arrears.
 */
async function checkRefund(tx: Db, deps: Deps, sub: SubscriptionRow, event: Extract<LifecycleEvent, { type: 'payment_reversed' }>): Promise<LifecycleEvent> {
  const refund = event.refund;
  if (!refund) return event;
  const pricePerPeriod = await priceOf(tx, deps, sub);
  if (!refundLeavesPeriodPaid(refund, { pricePerPeriod, currency: sub.currency, quantity: sub.employeeCount })) return event;
  return { type: 'payment_refunded', amount: refund.refunded, currency: refund.currency };
}

export const mailLanguage = (locale: string): Language => (locale.toLowerCase().startsWith('en') ? 'en' : 'es');
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toLifecycle(row: SubscriptionRow): LifecycleSubscription {
  return {
    status: row.status,
    employeeCount: row.employeeCount,
    billingCycle: row.billingCycle,
    currentPeriodEnd: row.currentPeriodEnd,
    nextBillingTime: row.nextBillingTime,
    failedPaymentsCount: row.failedPaymentsCount,
    suspendedAt: row.suspendedAt,
    downgradedAt: row.downgradedAt,
    cancelledAt: row.cancelledAt,
    endedAt: row.endedAt,
    revisionEmployeeCount: row.revisionEmployeeCount,
    revisionAppliedAt: row.revisionAppliedAt,
    revisionApprovedAt: row.revisionApprovedAt,
  };
}

/** The activity title of a step: a catalogue key (activity.billing.*), answered in the reader's language. */
export const billingActivityTitle = (step: LifecycleStep) => `activity.billing.${step}` as const;
/** Steps whose entry says how many employees Premium now covers. */
const WITH_COUNT: ReadonlySet<LifecycleStep> = new Set(['activated', 'payment_recovered', 'revised', 'revision_scheduled']);
/** Steps a payment can bring (the amount is kept on their entry). */
const PAID: ReadonlySet<LifecycleStep> = new Set(['activated', 'payment_completed', 'payment_recovered', 'payment_mismatch', 'payment_refunded']);

/** Deactivates the ACTIVE employees beyond the FREE limit, newest first, and their logins; returns their ids. */
async function deactivateExtraEmployees(tx: Db, companyId: string, keep: number, revoked: string[]): Promise<string[]> {
  const active = await tx
    .select({ id: employees.id, userId: employees.userId })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.status, 'ACTIVE'), isNull(employees.deletedAt)))
    .orderBy(asc(employees.createdAt), asc(employees.id));
  const extra = active.slice(keep);
  if (!extra.length) return [];
  await tx
    .update(employees)
    .set({ status: 'INACTIVE' })
    .where(
      inArray(
        employees.id,
        extra.map((e) => e.id),
      ),
    );
  // Like every deactivation: their face data goes (templates, photo, open consent closed).
  for (const e of extra) await removeFaceData(tx, companyId, e.id, 'employee_deactivated');
  await snapshotPeriods(tx, companyId, { employeeIds: extra.map((e) => e.id) });
  const userIds = extra.map((e) => e.userId).filter((u): u is string => !!u);
  if (userIds.length) {
    await tx.update(users).set({ isActive: false }).where(inArray(users.id, userIds));
    revoked.push(...(await revokeSessions(tx, inArray(sessions.userId, userIds))));
  }
  return extra.map((e) => e.id);
}

/** Reactivates employees a downgrade deactivated (still inactive, not deleted), within the paid count. */
async function restoreEmployees(tx: Db, companyId: string, ids: string[], maxEmployees: number) {
  if (!ids.length) return;
  const activeNow = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.status, 'ACTIVE'), isNull(employees.deletedAt)));
  const room = maxEmployees === -1 ? ids.length : Math.max(0, maxEmployees - activeNow.length);
  const candidates = await tx
    .select({ id: employees.id, userId: employees.userId })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, ids), eq(employees.status, 'INACTIVE'), isNull(employees.deletedAt)))
    .orderBy(asc(employees.createdAt), asc(employees.id));
  const back = candidates.slice(0, room);
  if (!back.length) return;
  await tx
    .update(employees)
    .set({ status: 'ACTIVE' })
    .where(
      inArray(
        employees.id,
        back.map((e) => e.id),
      ),
    );
  await snapshotPeriods(tx, companyId, { employeeIds: back.map((e) => e.id) });
  const userIds = back.map((e) => e.userId).filter((u): u is string => !!u);
  if (userIds.length) await tx.update(users).set({ isActive: true }).where(inArray(users.id, userIds));
}

/**
 * Applies one lifecycle event to one subscription inside the caller's transaction: locks the company,
 * decides (lifecycle.ts), writes the subscription, the company and its employees, logs each step and
 * queues each mail (durable jobs), or deletes the company. Returns null if the subscription is gone.
 */
export async function applyInTx(
  tx: Db,
  deps: Deps,
  subscriptionId: string,
  incoming: LifecycleEvent,
  now: Date,
  actorUserId?: string,
  remote?: ProviderSubscription,
): Promise<Applied | null> {
  const [ref] = await tx.select({ companyId: subscriptions.companyId }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!ref) return null;
  const [company] = await tx.select().from(companies).where(eq(companies.id, ref.companyId)).for('update');
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
  if (!company || !sub) return null;
  const applied: Applied = {
    companyId: company.id,
    steps: [],
    deleted: false,
    cancelAtProvider: [],
    employeesChanged: false,
    revokedSessions: [],
    companyClosed: false,
  };
  const starts = incoming.type === 'activated' || incoming.type === 'payment_completed';
  if (starts && company.closedAt && sub.status === 'APPROVAL_PENDING') {
    // Approved after its company was deleted: nobody may be charged for it (decision 0041).
    if (sub.provider === deps.billing.mode) applied.cancelAtProvider.push({ id: sub.providerSubscriptionId, reason: 'Company deleted before the approval' });
    return applied;
  }
  if (incoming.type === 'activated' && remote && sub.status === 'APPROVAL_PENDING') {
    const problem = subscriptionProblem(remote, {
      planId: sub.providerPlanId,
      pricePerPeriod: await priceOf(tx, deps, sub),
      currency: sub.currency,
      quantity: sub.employeeCount,
    });
    if (problem) {
      // Not what we sell (an inline price override, another plan, currency, amount or seat count): refused and cancelled.
      const reason = `Refused: ${problem.replace('_', ' ')} does not match Presente's plan`;
      await tx
        .update(subscriptions)
        .set({ status: 'CANCELLED', cancelledAt: now, endedAt: now, cancelReason: reason, flaggedAt: now, flagReason: problem, updatedAt: now })
        .where(eq(subscriptions.id, sub.id));
      if (sub.provider === deps.billing.mode) applied.cancelAtProvider.push({ id: sub.providerSubscriptionId, reason });
      applied.refused = problem;
      return applied;
    }
  }
  const event =
    incoming.type === 'payment_completed' && incoming.quantity === undefined
      ? await checkPayment(tx, deps, sub, incoming)
      : incoming.type === 'payment_reversed'
        ? await checkRefund(tx, deps, sub, incoming)
        : incoming;
  applied.flagged = event.type === 'payment_mismatch';

  const d = decide(toLifecycle(sub), company, event, now);
  applied.steps = d.steps;
  const after = { ...toLifecycle(sub), ...d.subscription } as LifecycleSubscription;
  const when = deadlines(after);
  const admin = (await companyAdmins(tx, [company.id])).get(company.id);
  const mailParams: BillingMailParams = {
    companyName: company.name,
    timezone: company.timezone,
    // An approved increase speaks of the seats it brings (from the next payment), not of today's.
    employeeCount: d.steps.includes('revision_scheduled')
      ? (after.revisionEmployeeCount ?? after.employeeCount)
      : (d.company.maxEmployees ?? after.employeeCount),
    accessUntil: iso(when.accessUntil),
    graceEndsAt: iso(when.graceEndsAt),
    deletionAt: iso(when.deletionAt),
    effectiveFrom: iso(after.nextBillingTime),
    subscriptionUrl: deps.config.PUBLIC_URL ? `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/company-admin/subscription` : undefined,
  };
  const queueMails = async () => {
    const to = admin?.email ?? company.email;
    for (const step of d.steps) {
      if (!STEP_MAILED[step]) continue;
      await enqueue(tx, BILLING_MAIL_JOB, { step, lang: mailLanguage(company.locale), to, params: mailParams }, { runAt: now });
    }
  };

  if (d.deleteCompany) {
    // Deleted in arrears: the provider may still be retrying the payment; it must stop (after the commit).
    if (sub.status === 'SUSPENDED' && sub.provider === deps.billing.mode) {
      applied.cancelAtProvider.push({ id: sub.providerSubscriptionId, reason: 'Company data deleted after 30 days of arrears' });
    }
    // As the super admin's delete: the company is closed, its attendance register kept read-only 5 years and
    // its whole register mailed to the admin as a 30-day link (decision 0034).
    const link = await closeCompany(tx, company.id, now);
    mailParams.registerUrl = registerDownloadUrl(jobLinkBase(deps.config), link.token);
    mailParams.registerLinkUntil = link.expiresAt.toISOString();
    await queueMails();
    applied.deleted = true;
    applied.companyClosed = true;
    return applied;
  }

  const patch: Partial<typeof subscriptions.$inferInsert> = { ...d.subscription, updatedAt: now };
  if (d.subscription.isCurrent && !sub.isCurrent) {
    // The new subscription replaces any older one of the company.
    const older = await tx
      .update(subscriptions)
      .set({ isCurrent: false, updatedAt: now })
      .where(and(eq(subscriptions.companyId, company.id), eq(subscriptions.isCurrent, true), ne(subscriptions.id, sub.id)))
      .returning();
    // Employees an older subscription's downgrade deactivated come back with the new one.
    const carried = older.flatMap((o) => o.downgradedEmployeeIds ?? []);
    if (carried.length) {
      await restoreEmployees(tx, company.id, carried, d.company.maxEmployees ?? company.maxEmployees);
      applied.employeesChanged = true;
    }
    for (const o of older) {
      if (o.status === 'ACTIVE' || o.status === 'SUSPENDED') {
        await tx
          .update(subscriptions)
          .set({ status: 'CANCELLED', cancelledAt: now, endedAt: now, cancelReason: 'Replaced by a new subscription' })
          .where(eq(subscriptions.id, o.id));
        if (o.provider === deps.billing.mode) applied.cancelAtProvider.push({ id: o.providerSubscriptionId, reason: 'Replaced by a new subscription' });
      }
    }
  }
  if (d.downgradeEmployees) {
    const ids = await deactivateExtraEmployees(tx, company.id, d.company.maxEmployees ?? company.maxEmployees, applied.revokedSessions);
    patch.downgradedEmployeeIds = [...(sub.downgradedEmployeeIds ?? []), ...ids];
    applied.employeesChanged ||= ids.length > 0;
  }
  if (d.restoreEmployees) {
    await restoreEmployees(tx, company.id, sub.downgradedEmployeeIds ?? [], d.company.maxEmployees ?? company.maxEmployees);
    patch.downgradedEmployeeIds = null;
    applied.employeesChanged ||= !!sub.downgradedEmployeeIds?.length;
  }
  await tx.update(subscriptions).set(patch).where(eq(subscriptions.id, sub.id));
  applied.companyClosed = d.company.status === 'INACTIVE' && company.status !== 'INACTIVE';
  if (Object.keys(d.company).length)
    await tx
      .update(companies)
      .set({ ...d.company, updatedAt: now })
      .where(eq(companies.id, company.id));

  const payment =
    event.type === 'payment_completed' || event.type === 'payment_mismatch' || event.type === 'payment_refunded'
      ? { amount: Number(event.amount).toFixed(2), currency: event.currency }
      : null;
  for (const step of d.steps) {
    // The billing history (GET /paypal/history) reads these entries: keys, not words (decision 0012).
    await logActivity(tx, {
      companyId: company.id,
      actorUserId: actorUserId ?? null,
      type: 'admin_action',
      title: billingActivityTitle(step),
      description: WITH_COUNT.has(step) ? 'activity.billing.detail' : undefined,
      details: {
        billing: step,
        subscriptionId: sub.providerSubscriptionId,
        status: after.status,
        employeeCount: mailParams.employeeCount,
        ...(payment && PAID.has(step) ? payment : {}),
        ...(mailParams.accessUntil ? { accessUntil: mailParams.accessUntil } : {}),
        ...(mailParams.graceEndsAt ? { graceEndsAt: mailParams.graceEndsAt } : {}),
        ...(mailParams.deletionAt ? { deletionAt: mailParams.deletionAt } : {}),
        ...(step === 'revision_scheduled' && mailParams.effectiveFrom ? { effectiveFrom: mailParams.effectiveFrom } : {}),
        ...(step === 'payment_mismatch' && event.type === 'payment_mismatch' ? { expected: event.expected } : {}),
      },
    });
  }
  await queueMails();
  return applied;
}

/**
 * After the commit: tell the company's admins (billing is theirs, employees do not hear of it) and the
 * super admin; refresh the employees tab when a downgrade or restore changed who is active; cancel at
 * the provider what must stop.
 */
export async function afterCommit(deps: Deps & { log?: { warn: (o: object, m: string) => void } }, applied: Applied | null) {
  if (!applied) return;
  if (applied.refused || applied.flagged) {
    deps.log?.warn(
      { companyId: applied.companyId, refused: applied.refused, flagged: applied.flagged },
      'billing: money check failed, flagged for the super admin',
    );
    deps.events.emit(rooms.superAdmin(), 'company_update', { companyId: applied.companyId, action: 'billing_flagged' });
  }
  dropSessionSockets(deps.events, applied.revokedSessions);
  if (applied.companyClosed) dropCompanySockets(deps.events, applied.companyId);
  if (!applied.steps.length && !applied.cancelAtProvider.length && !applied.employeesChanged) return;
  const payload = { companyId: applied.companyId, action: applied.deleted ? 'deleted' : 'subscription', steps: applied.steps };
  deps.events.emit(rooms.companyAdmin(applied.companyId), 'company_update', payload);
  deps.events.emit(rooms.superAdmin(), 'company_update', payload);
  if (applied.employeesChanged && !applied.deleted) {
    deps.events.emit(rooms.companyAdmin(applied.companyId), 'employee_update', { action: 'plan_changed', steps: applied.steps });
  }
  if (applied.deleted) deps.events.emit(rooms.superAdmin(), 'system_stats_update', { reason: 'company_deleted', companyId: applied.companyId });
  // What the provider will not cancel yet (or fails to) is owed, retried by the daily reconcile job.
  for (const { id, reason } of applied.cancelAtProvider) await cancelOrOwe(deps, id, reason);
}

/** Applies an event to a subscription in its own transaction, then finishes after the commit. */
export async function applyEvent(
  deps: Deps & { log?: { warn: (o: object, m: string) => void } },
  subscriptionId: string,
  event: LifecycleEvent,
  now: Date,
  actorUserId?: string,
  remote?: ProviderSubscription,
) {
  const applied = await deps.db.transaction((tx) => applyInTx(tx, deps, subscriptionId, event, now, actorUserId, remote));
  await afterCommit(deps, applied);
  return applied;
}

/**
 * The lifecycle job: every current subscription in arrears, cancelled or expired is moved on by the
 * clock (grace expiry, end of access, deletion). Each in its own transaction. Returns the steps taken.
 */
export async function runLifecycle(deps: Deps, now: Date): Promise<LifecycleStep[]> {
  const due = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.isCurrent, true), inArray(subscriptions.status, ['SUSPENDED', 'CANCELLED', 'EXPIRED'])));
  const steps: LifecycleStep[] = [];
  for (const { id } of due) {
    const applied = await applyEvent(deps, id, { type: 'tick' }, now);
    if (applied) steps.push(...applied.steps);
  }
  return steps;
}
