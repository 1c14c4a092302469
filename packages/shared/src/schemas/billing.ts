import { z } from 'zod';
import { PLAN_FEATURES, PLAN_LIMITS, PREMIUM_MAX_EMPLOYEES, PREMIUM_MIN_EMPLOYEES } from '../constants.js';

/** Subscription statuses (spec §4) with the spec's Spanish labels. */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'CANCELLED', 'SUSPENDED', 'EXPIRED', 'APPROVAL_PENDING'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS_ES: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Activa',
  CANCELLED: 'Cancelada',
  SUSPENDED: 'Suspendida, pago pendiente',
  EXPIRED: 'Expirada',
  APPROVAL_PENDING: 'Pendiente de aprobación',
};
export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
/**
 * BILLING_MODE: 'paypal' (default with credentials), 'simulator' (default without; the UI shows 'Modo de
 * prueba'), or 'off' (no online payments: upgrades are hidden, Premium is set by the super admin).
 */
export const BILLING_MODES = ['paypal', 'simulator', 'off'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
/** What the super admin's system status shows: the simulator, PayPal's sandbox or live API, or no payments. */
export const PAYMENT_STATUSES = ['simulator', 'paypal_sandbox', 'paypal_live', 'off'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const BILLING_CURRENCY = 'USD';

/** Terms (spec §1, §9): grace after a failed payment, deletion after arrears, retention after termination. */
export const BILLING_GRACE_DAYS = 7;
export const BILLING_ARREARS_DELETION_DAYS = 30;
export const BILLING_RETENTION_DAYS = 30;
/** The attendance register's download link, mailed when a company is closed, is valid this long (decision 0034). */
export const REGISTER_LINK_DAYS = 30;
/** Formats of the whole attendance register the server writes (decision 0034). */
export const REGISTER_FORMATS = ['xlsx', 'pdf'] as const;

const cents = (v: number) => Math.round(v * 100);
const money = (c: number) => (c / 100).toFixed(2);

/** Price of a Premium subscription (spec §3 "Pricing"); annual = 12 months, no discount. Amounts are strings with 2 decimals. */
export function premiumPricing(employeeCount: number, pricePerEmployee: number, cycle: BillingCycle = 'monthly') {
  const months = cycle === 'annual' ? 12 : 1;
  const perEmployeePerPeriod = cents(pricePerEmployee) * months;
  const subtotal = perEmployeePerPeriod * employeeCount;
  return {
    employeeCount,
    pricePerEmployee,
    billingCycle: cycle,
    /** What the billing plan charges per employee per billing period. */
    pricePerEmployeePerPeriod: money(perEmployeePerPeriod),
    subtotal: money(subtotal),
    total: money(subtotal),
    currency: BILLING_CURRENCY,
  };
}
export type PremiumPricing = ReturnType<typeof premiumPricing>;

/**
 * The plan catalogue (spec §1): FREE, PREMIUM, ENTERPRISE. Limits come from PLAN_LIMITS (the same table
 * plans.ts limitFor uses); the price and mode come from the server.
 */
export function planCatalogue(opts: {
  pricePerEmployee: number;
  mode: BillingMode;
  salesContactUrl: string | null;
  paypalClientId?: string | null;
}): PlanCatalogue {
  return {
    mode: opts.mode,
    /** The public client id the PayPal JS SDK loads with (only in 'paypal' mode; the secret never leaves the server). */
    paypalClientId: opts.mode === 'paypal' ? (opts.paypalClientId ?? null) : null,
    currency: BILLING_CURRENCY,
    billingCycles: [...BILLING_CYCLES],
    terms: { graceDays: BILLING_GRACE_DAYS, arrearsDeletionDays: BILLING_ARREARS_DELETION_DAYS, retentionDays: BILLING_RETENTION_DAYS },
    plans: [
      {
        id: 'FREE' as const,
        price: 0,
        limits: { ...PLAN_LIMITS.FREE },
        includes: { ...PLAN_FEATURES.FREE },
        features: ['basicReports', 'emailSupport'],
      },
      {
        id: 'PREMIUM' as const,
        pricePerEmployee: opts.pricePerEmployee,
        minEmployees: PREMIUM_MIN_EMPLOYEES,
        maxEmployees: PREMIUM_MAX_EMPLOYEES,
        /** employees = the paid count (company.maxEmployees); the rest unlimited (-1). */
        limits: { ...PLAN_LIMITS.PREMIUM },
        includes: { ...PLAN_FEATURES.PREMIUM },
        features: ['fullReports', 'export', 'prioritySupport'],
      },
      {
        id: 'ENTERPRISE' as const,
        minEmployees: 50,
        salesContactUrl: opts.salesContactUrl,
        features: ['customQuote'],
      },
    ],
  };
}

const companyIdField = z.uuid('validation.idInvalid');
const companyName = z.string('billing.companyNameRequired').trim().min(1, 'billing.companyNameRequired').max(200, 'validation.tooLong');
/** A Premium employee count: integer 5..1000. */
export const premiumEmployeeCount = z.coerce
  .number('billing.employeeCountRange')
  .int('billing.employeeCountRange')
  .min(PREMIUM_MIN_EMPLOYEES, 'billing.employeeCountRange')
  .max(PREMIUM_MAX_EMPLOYEES, 'billing.employeeCountRange');

export const createPlanInput = z.object({
  companyId: companyIdField,
  employeeCount: premiumEmployeeCount,
  companyName,
  billingCycle: z.enum(BILLING_CYCLES).default('monthly'),
});
export type CreatePlanInput = z.infer<typeof createPlanInput>;

export const confirmSubscriptionInput = z.object({
  subscriptionId: z.string('billing.subscriptionIdRequired').trim().min(1, 'billing.subscriptionIdRequired').max(64, 'billing.subscriptionIdRequired'),
  companyId: companyIdField,
  /** What the admin chose; the paid quantity reported by the provider is what counts. */
  employeeCount: premiumEmployeeCount.optional(),
});
export type ConfirmSubscriptionInput = z.infer<typeof confirmSubscriptionInput>;

export const cancelSubscriptionInput = z.object({
  reason: z.string().trim().max(128, 'billing.reasonTooLong').optional(),
});

/** The increase is checked against the company's current paid count on the server ('... mayor a {max} y hasta 1000'). */
export const reviseSubscriptionInput = z.object({
  companyId: companyIdField,
  companyName,
  employeeCount: z.coerce.number('billing.employeeCountRange').int('billing.employeeCountRange'),
});
export type ReviseSubscriptionInput = z.infer<typeof reviseSubscriptionInput>;

export const confirmRevisionInput = z.object({
  companyId: companyIdField,
  revisionId: z.uuid('billing.revisionNotFound'),
  employeeCount: z.coerce.number().int().optional(),
});
export type ConfirmRevisionInput = z.infer<typeof confirmRevisionInput>;

// Answers (inside the usual { data, message } envelope).
export const employeePriceAnswer = z.object({ success: z.literal(true), pricePerEmployee: z.number(), currency: z.string(), mode: z.enum(BILLING_MODES) });
export const pricingSchema = z.object({
  employeeCount: z.number(),
  pricePerEmployee: z.number(),
  billingCycle: z.enum(BILLING_CYCLES),
  pricePerEmployeePerPeriod: z.string(),
  subtotal: z.string(),
  total: z.string(),
  currency: z.string(),
});
export const createPlanAnswer = z.object({
  success: z.literal(true),
  planId: z.string(),
  /** The subscription created for this plan (quantity = employees); the JS buttons' createSubscription may return it. */
  subscriptionId: z.string(),
  /** Where to approve it when not using the JS buttons (the simulator always; PayPal's page otherwise). */
  approvalUrl: z.string().nullable(),
  pricing: pricingSchema,
  mode: z.enum(BILLING_MODES),
});
export type CreatePlanAnswer = z.infer<typeof createPlanAnswer>;
export const subscriptionDetailsAnswer = z.object({
  /** null when the company never subscribed (a Free company): an expected answer, not a 404. */
  subscription: z
    .object({
      id: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      plan_id: z.string(),
      quantity: z.number(),
      billing_cycle: z.enum(BILLING_CYCLES),
      price_per_employee: z.number(),
      cancelled_at: z.string().nullable(),
      billing_info: z.object({
        next_billing_time: z.string().nullable(),
        last_payment: z.object({ amount: z.object({ value: z.string(), currency_code: z.string() }), time: z.string().nullable() }).nullable(),
        failed_payments_count: z.number(),
      }),
      /** An approved increase not paid yet: its seats come with the payment on effective_from (decision 0041). */
      pending_revision: z.object({ employee_count: z.number(), effective_from: z.string().nullable() }).nullable().optional(),
    })
    .nullable(),
  company: z.object({
    plan: z.enum(['FREE', 'PREMIUM']),
    status: z.enum(['ACTIVE', 'INACTIVE', 'SUSPENDED']),
    maxEmployees: z.number(),
    nextBillingDate: z.string().nullable(),
    /** Premium access lasts until here after a cancellation; data is deleted 30 days after it. */
    accessUntil: z.string().nullable(),
    /** While SUSPENDED: Premium is kept until here while the provider retries the payment. */
    graceEndsAt: z.string().nullable(),
    /** When the grace ended without payment and the company went to FREE limits (still in arrears). */
    downgradedAt: z.string().nullable(),
    /** In arrears, cancelled or expired: the company's data is deleted on this day unless paid. */
    deletionAt: z.string().nullable(),
    /** The company's timezone: every date above is shown as dd/mm/yyyy there (spec §9). */
    timezone: z.string(),
  }),
  mode: z.enum(BILLING_MODES),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsAnswer>;

/** Steps of the subscription lifecycle as they appear in the billing history (activity.billing.*). */
export const BILLING_HISTORY_EVENTS = [
  'activated',
  'payment_completed',
  'payment_recovered',
  'payment_failed',
  'payment_reversed',
  'payment_refunded',
  'payment_mismatch',
  'grace_expired',
  'revision_scheduled',
  'revised',
  'cancelled',
  'expired',
  'access_ended',
  'deleted',
] as const;
export type BillingHistoryEvent = (typeof BILLING_HISTORY_EVENTS)[number];

export const billingHistoryQuery = z.object({
  page: z.coerce.number('validation.invalid').int('validation.invalid').min(1, 'validation.invalid').max(100_000, 'validation.invalid').default(1),
  limit: z.coerce.number('validation.invalid').int('validation.invalid').min(1, 'validation.invalid').max(100, 'validation.invalid').default(10),
});
/** GET /paypal/history: the company's billing events, newest first, paged. */
export const billingHistoryEntry = z.object({
  id: z.string(),
  timestamp: z.string(),
  event: z.enum(BILLING_HISTORY_EVENTS),
  /** The event in the request's language. */
  title: z.string(),
  /** Paid employees after the event. */
  employeeCount: z.number().nullable(),
  /** Amount of a payment, with 2 decimals (payments only). */
  amount: z.string().nullable(),
  currency: z.string().nullable(),
});
export type BillingHistoryEntry = z.infer<typeof billingHistoryEntry>;
export const reviseAnswer = z.object({
  success: z.literal(true),
  approvalUrl: z.string().optional(),
  automaticUpgrade: z.boolean().optional(),
  revisionId: z.string().optional(),
  employeeCount: z.number(),
  /** An approved increase: its seats are usable from this billing date, when PayPal charges them (decision 0041). */
  effectiveFrom: z.string().nullable().optional(),
});

const planLimits = z.object({ employees: z.number(), schedules: z.number(), locations: z.number(), links: z.number() });
/** GET /paypal/plans: the catalogue planCatalogue builds (FREE, PREMIUM, ENTERPRISE), the server price and the payment mode. */
export const planCatalogueAnswer = z.object({
  mode: z.enum(BILLING_MODES),
  paypalClientId: z.string().nullable(),
  currency: z.string(),
  billingCycles: z.array(z.enum(BILLING_CYCLES)),
  terms: z.object({ graceDays: z.number(), arrearsDeletionDays: z.number(), retentionDays: z.number() }),
  plans: z.array(
    z.union([
      z.object({
        id: z.literal('FREE'),
        price: z.number(),
        limits: planLimits,
        includes: z.object({ exports: z.boolean() }),
        features: z.array(z.string()),
      }),
      z.object({
        id: z.literal('PREMIUM'),
        pricePerEmployee: z.number(),
        minEmployees: z.number(),
        maxEmployees: z.number(),
        limits: planLimits,
        includes: z.object({ exports: z.boolean() }),
        features: z.array(z.string()),
      }),
      z.object({ id: z.literal('ENTERPRISE'), minEmployees: z.number(), salesContactUrl: z.string().nullable(), features: z.array(z.string()) }),
    ]),
  ),
});
/** The catalogue as declared (the web's type; planCatalogue builds exactly this). */
export type PlanCatalogue = z.infer<typeof planCatalogueAnswer>;
/** POST /paypal/confirm-subscription: the company's plan and paid seats after the activation. */
export const confirmSubscriptionAnswer = z.object({
  success: z.literal(true),
  plan: z.enum(['FREE', 'PREMIUM']),
  maxEmployees: z.number(),
  subscriptionId: z.string(),
});
export type ConfirmSubscriptionAnswer = z.infer<typeof confirmSubscriptionAnswer>;
/** POST /paypal/cancel-subscription: Premium access lasts until accessUntil. */
export const cancelSubscriptionAnswer = z.object({ success: z.literal(true), status: z.literal('CANCELLED'), accessUntil: z.string().nullable() });
/** POST /paypal/confirm-revision: applied now, approved for the next billing date (effectiveFrom), or still pending. */
export const confirmRevisionAnswer = z.object({
  success: z.literal(true),
  applied: z.boolean(),
  approved: z.boolean(),
  effectiveFrom: z.string().nullable(),
  employeeCount: z.number(),
  maxEmployees: z.number(),
});
/** POST /paypal/webhook: what became of PayPal's event (idempotent: a repeated event is a duplicate). */
export const webhookAnswer = z.object({ eventId: z.string(), outcome: z.enum(['applied', 'duplicate', 'ignored']) });
export type CancelSubscriptionAnswer = z.infer<typeof cancelSubscriptionAnswer>;
export type ConfirmRevisionAnswer = z.infer<typeof confirmRevisionAnswer>;
export type ReviseAnswer = z.infer<typeof reviseAnswer>;
