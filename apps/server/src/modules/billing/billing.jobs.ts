import type { Language } from '@presente/shared';
import type { JobHandler, Recurring } from '../../jobs/runner.js';
import { BILLING_LIFECYCLE_JOB, BILLING_MAIL_JOB, runLifecycle } from './apply.js';
import { type BillingMailParams, billingMail } from './billing.mails.js';
import type { LifecycleStep } from './lifecycle.js';
import { reconcileSubscriptions } from './reconcile.js';

/** Daily: local subscriptions compared with the provider's, owed cancellations retried (decision 0041). */
export const BILLING_RECONCILE_JOB = 'billing-reconcile';

/** Durable billing work: the lifecycle clock, and each lifecycle mail (queued in the same transaction as its step). */
export const billingJobHandlers: Record<string, JobHandler> = {
  [BILLING_LIFECYCLE_JOB]: async (deps, _payload, now) => void (await runLifecycle(deps, now)),
  [BILLING_RECONCILE_JOB]: async (deps, _payload, now) => void (await reconcileSubscriptions(deps, now)),
  [BILLING_MAIL_JOB]: async (deps, payload) => {
    const p = payload as { step: LifecycleStep; lang: Language; to: string; params: BillingMailParams };
    await deps.mailer.send(billingMail(p.step, p.lang, p.to, p.params));
  },
};

/** Grace, end of access and deletion are checked every 15 minutes (deadlines are exact; the run may be up to 15 minutes late). */
export const billingRecurringJobs: Recurring[] = [
  { type: BILLING_LIFECYCLE_JOB, everyMs: 15 * 60 * 1000 },
  { type: BILLING_RECONCILE_JOB, everyMs: 24 * 60 * 60 * 1000 },
];
