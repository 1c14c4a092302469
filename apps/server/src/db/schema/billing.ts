import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

const ts = () => timestamp({ withTimezone: true });

/**
 * A company's Premium subscription at the payment provider (PayPal, or the built-in simulator).
 * At most one row per company is `is_current` (the one whose state drives the company's plan); older
 * ones, and subscriptions created but never approved, are kept for the record.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: varchar({ length: 16, enum: ['paypal', 'simulator'] }).notNull(),
    providerProductId: varchar({ length: 64 }),
    providerPlanId: varchar({ length: 64 }).notNull(),
    providerSubscriptionId: varchar({ length: 64 }).notNull(),
    status: varchar({ length: 20, enum: ['ACTIVE', 'CANCELLED', 'SUSPENDED', 'EXPIRED', 'APPROVAL_PENDING'] })
      .notNull()
      .default('APPROVAL_PENDING'),
    isCurrent: boolean().notNull().default(false),
    /** The paid quantity; the company's maxEmployees while Premium. */
    employeeCount: integer().notNull(),
    pricePerEmployee: numeric({ precision: 10, scale: 2 }).notNull(),
    currency: varchar({ length: 3 }).notNull().default('USD'),
    billingCycle: varchar({ length: 10, enum: ['monthly', 'annual'] })
      .notNull()
      .default('monthly'),
    startedAt: ts(),
    /** End of the paid period: Premium lasts until here after a cancellation. */
    currentPeriodEnd: ts(),
    nextBillingTime: ts(),
    lastPaymentAmount: numeric({ precision: 12, scale: 2 }),
    lastPaymentCurrency: varchar({ length: 3 }),
    lastPaymentTime: ts(),
    failedPaymentsCount: integer().notNull().default(0),
    /** Start of the arrears (first failed payment): grace ends 7 days later, deletion 30 days later. */
    suspendedAt: ts(),
    /** When the grace period ran out and the company went back to FREE limits. */
    downgradedAt: ts(),
    /** Employees this lifecycle deactivated (reactivated if the company pays again). */
    downgradedEmployeeIds: jsonb().$type<string[]>(),
    cancelledAt: ts(),
    cancelReason: text(),
    /** When Premium access ended after a cancellation or expiry (company INACTIVE); deletion 30 days later. */
    endedAt: ts(),
    /** The last quantity revision asked for (revise-subscription), until confirmed or applied by a webhook. */
    revisionId: uuid(),
    revisionEmployeeCount: integer(),
    revisionRequestedAt: ts(),
    revisionAppliedAt: ts(),
    /** When the buyer approved the revision at the provider; its seats come with the first payment at that quantity (decision 0041). */
    revisionApprovedAt: ts(),
    /** Something about the money disagrees with us (a payment not equal to price x seats): the super admin must look (decision 0041). */
    flaggedAt: ts(),
    flagReason: text(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts()
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('subscriptions_company_created_idx').on(t.companyId, t.createdAt),
    uniqueIndex('subscriptions_company_current_uq').on(t.companyId).where(sql`${t.isCurrent}`),
    // Webhooks name the provider's subscription id, not a company.
    uniqueIndex('subscriptions_provider_subscription_uq').on(t.provider, t.providerSubscriptionId),
  ],
);

/**
 * Every provider event received (webhooks, and the simulator's equivalents). The provider's event id is
 * unique: a replayed event is recognised and changes nothing. Kept when the company is deleted (company_id
 * set null) so a late replay still finds it.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: varchar({ length: 16, enum: ['paypal', 'simulator'] }).notNull(),
    providerEventId: varchar({ length: 100 }).notNull(),
    type: varchar({ length: 80 }).notNull(),
    providerSubscriptionId: varchar({ length: 64 }),
    companyId: uuid().references(() => companies.id, { onDelete: 'set null' }),
    payload: jsonb().notNull(),
    /** What processing did: applied, ignored (unknown subscription or type). */
    outcome: varchar({ length: 40 }),
    receivedAt: ts().notNull().defaultNow(),
    processedAt: ts(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.providerEventId), index('payment_events_company_received_idx').on(t.companyId, t.receivedAt)],
);

/**
 * Subscriptions we owe a cancellation at the provider (decision 0041): one PayPal would not cancel yet
 * (APPROVAL_PENDING or APPROVED: PayPal cancels only ACTIVE or SUSPENDED ones) for a company deleted or
 * unknown, or refused by the money checks. The daily reconcile job, and the activation webhook, cancel
 * them once they can be. No company_id: the company may be gone.
 */
export const billingCancellations = pgTable(
  'billing_cancellations',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: varchar({ length: 16, enum: ['paypal', 'simulator'] }).notNull(),
    providerSubscriptionId: varchar({ length: 64 }).notNull(),
    reason: text().notNull(),
    attempts: integer().notNull().default(0),
    lastAttemptAt: ts(),
    lastError: text(),
    /** Cancelled at the provider (or found already over). */
    doneAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_cancellations_provider_subscription_uq').on(t.provider, t.providerSubscriptionId)],
);
