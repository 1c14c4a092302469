import { billingJobHandlers, billingRecurringJobs } from '../modules/billing/billing.jobs.js';
import { EMPLOYEE_SETUP_MAIL, sendSetupMail } from '../modules/employees/setup-mail.job.js';
import { expireUnconfirmedConsents } from '../modules/face/consent.service.js';
import { MANUAL_CHANGE_MAIL, sendManualChangeMail } from '../modules/manual-changes/manual-changes.mail.js';
import { sendReceiptMail } from '../modules/receipts/receipts.mail.js';
import { RECEIPT_MAIL } from '../modules/receipts/receipts.service.js';
import { deliverWebhook } from '../modules/webhooks/deliver.js';
import { WEBHOOK_DELIVER } from '../modules/webhooks/outbox.js';
import { pruneWebhookDeliveries, WEBHOOK_PRUNE } from '../modules/webhooks/prune.js';
import { CLOSE_OPEN_RECORDS, closeOpenRecords } from './close-open-records.js';
import { DB_MAINTENANCE, maintainDatabase } from './db-maintenance.js';
import { PRUNE_RETENTION, pruneRetention } from './retention.js';
import type { JobHandler, Recurring } from './runner.js';

/** Daily: templates whose admin-ticked consent the worker did not confirm in time go (decision 0035). */
export const CONSENT_EXPIRY = 'face.consent-expiry';

/** Every job type the process runs, and the recurring ones. */
export const jobHandlers: Record<string, JobHandler> = {
  [CLOSE_OPEN_RECORDS]: async (deps, _payload, now) => void (await closeOpenRecords(deps, now)),
  [PRUNE_RETENTION]: async (deps, _payload, now) => void (await pruneRetention(deps, now)),
  [DB_MAINTENANCE]: async (deps) => void (await maintainDatabase(deps)),
  [CONSENT_EXPIRY]: async (deps, _payload, now) => void (await expireUnconfirmedConsents(deps, now)),
  [EMPLOYEE_SETUP_MAIL]: sendSetupMail,
  [MANUAL_CHANGE_MAIL]: sendManualChangeMail,
  [WEBHOOK_DELIVER]: deliverWebhook,
  [WEBHOOK_PRUNE]: async (deps, _payload, now) => void (await pruneWebhookDeliveries(deps, now)),
  [RECEIPT_MAIL]: sendReceiptMail,
  ...billingJobHandlers,
};
export const recurringJobs: Recurring[] = [
  { type: CLOSE_OPEN_RECORDS, everyMs: 15 * 60 * 1000 },
  { type: PRUNE_RETENTION, everyMs: 24 * 60 * 60 * 1000 },
  { type: DB_MAINTENANCE, everyMs: 10 * 60 * 1000 },
  { type: CONSENT_EXPIRY, everyMs: 24 * 60 * 60 * 1000 },
  { type: WEBHOOK_PRUNE, everyMs: 24 * 60 * 60 * 1000 },
  ...billingRecurringJobs,
];
