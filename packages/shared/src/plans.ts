import { PLAN_FEATURES, PLAN_LIMITS, type Plan } from './constants.js';

/** Features a plan limits by count (spec §4, §9). */
export type LimitedFeature = 'employees' | 'schedules' | 'locations' | 'links';
/** Features a plan has or has not (spec §1: FREE "basic reports", PREMIUM "full reports with export"). */
export type PlanFeature = keyof (typeof PLAN_FEATURES)['FREE'];

/** What limitFor needs of a company. */
export interface PlanHolder {
  plan: Plan;
  /** Set by the super admin, at registration (5), or the paid Premium count; -1 = unlimited. */
  maxEmployees: number;
}

/** The smaller of two limits where -1 means unlimited. */
function tighter(a: number, b: number): number {
  if (a === -1) return b;
  if (b === -1) return a;
  return Math.min(a, b);
}

/**
 * What a company may have of a feature; -1 = unlimited. The ONE place that decides it (decision 0012):
 * employees are capped by the plan AND by the company's maxEmployees, the tighter of the two
 * (FREE: min(5, maxEmployees), 5 when maxEmployees is -1; PREMIUM: maxEmployees, -1 unlimited);
 * schedules, locations and links by the plan. Employees count when ACTIVE and not deleted.
 */
export function limitFor(company: PlanHolder, feature: LimitedFeature): number {
  const planLimit = PLAN_LIMITS[company.plan][feature];
  if (feature === 'employees') return tighter(planLimit, company.maxEmployees);
  return planLimit;
}

/** Whether `adding` more items of a feature fit, given how many the company has now. */
export function canAdd(company: PlanHolder, feature: LimitedFeature, current: number, adding = 1): boolean {
  const limit = limitFor(company, feature);
  return limit === -1 || current + adding <= limit;
}

/** Whether a plan includes a feature (exports of the reports and the monthly calendar). */
export function planAllows(plan: Plan, feature: PlanFeature): boolean {
  return PLAN_FEATURES[plan][feature];
}

/** Scopes of a public-API key (decision 0048): read, or read and write. */
export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * What each plan allows of public-API keys (decision 0048): Free one read-only key (a payroll can pull hours),
 * Premium ten keys of any scope. Counted: keys not revoked and not expired.
 */
export const API_KEY_PLAN = {
  FREE: { keys: 1, scopes: ['read'] },
  PREMIUM: { keys: 10, scopes: ['read', 'read_write'] },
} as const satisfies Record<Plan, { keys: number; scopes: readonly ApiKeyScope[] }>;

/** Whether a plan lets a company make one more key of this scope, given how many live keys it has. */
export function apiKeyAllowed(plan: Plan, scope: ApiKeyScope, live: number): 'ok' | 'scope' | 'count' {
  const rule = API_KEY_PLAN[plan];
  if (!(rule.scopes as readonly ApiKeyScope[]).includes(scope)) return 'scope';
  return live < rule.keys ? 'ok' : 'count';
}
