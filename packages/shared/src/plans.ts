import { PLAN_LIMITS, type Plan } from './constants.js';

/** Features a plan limits (spec §4, §9). */
export type LimitedFeature = 'employees' | 'schedules' | 'locations' | 'links';

/**
 * What a company may have of a feature; -1 = unlimited. The ONE place that decides it:
 * employees are capped by the company's maxEmployees (set at registration, by the super admin, or by
 * the paid Premium count); schedules, locations and links by the plan.
 */
export function limitFor(company: { plan: Plan; maxEmployees: number }, feature: LimitedFeature): number {
  if (feature === 'employees') return company.maxEmployees;
  return PLAN_LIMITS[company.plan][feature];
}

/** Whether one more item of a feature fits, given how many the company has now. */
export function canAdd(company: { plan: Plan; maxEmployees: number }, feature: LimitedFeature, current: number): boolean {
  const limit = limitFor(company, feature);
  return limit === -1 || current < limit;
}
