import { z } from 'zod';
import { PLAN_LIMITS, PREMIUM_MAX_EMPLOYEES, PREMIUM_MIN_EMPLOYEES } from '../constants.js';

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
/** 'paypal' with credentials; 'simulator' otherwise (the UI shows 'Modo de prueba'). */
export const BILLING_MODES = ['paypal', 'simulator'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
export const BILLING_CURRENCY = 'USD';

/** Terms (spec §1, §9): grace after a failed payment, deletion after arrears, retention after termination. */
export const BILLING_GRACE_DAYS = 7;
export const BILLING_ARREARS_DELETION_DAYS = 30;
export const BILLING_RETENTION_DAYS = 30;

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
export function planCatalogue(opts: { pricePerEmployee: number; mode: BillingMode; salesContactUrl: string | null; paypalClientId?: string | null }) {
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
        features: ['basicReports', 'emailSupport'],
      },
      {
        id: 'PREMIUM' as const,
        pricePerEmployee: opts.pricePerEmployee,
        minEmployees: PREMIUM_MIN_EMPLOYEES,
        maxEmployees: PREMIUM_MAX_EMPLOYEES,
        /** employees = the paid count (company.maxEmployees); the rest unlimited (-1). */
        limits: { ...PLAN_LIMITS.PREMIUM },
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
export type PlanCatalogue = ReturnType<typeof planCatalogue>;

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
export const subscriptionDetailsAnswer = z.object({
  subscription: z.object({
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
  }),
  company: z.object({
    plan: z.enum(['FREE', 'PREMIUM']),
    status: z.enum(['ACTIVE', 'INACTIVE', 'SUSPENDED']),
    maxEmployees: z.number(),
    nextBillingDate: z.string().nullable(),
    /** Premium access lasts until here after a cancellation; data is deleted 30 days after it. */
    accessUntil: z.string().nullable(),
  }),
  mode: z.enum(BILLING_MODES),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsAnswer>;
export const reviseAnswer = z.object({
  success: z.literal(true),
  approvalUrl: z.string().optional(),
  automaticUpgrade: z.boolean().optional(),
  revisionId: z.string().optional(),
  employeeCount: z.number(),
});
