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
