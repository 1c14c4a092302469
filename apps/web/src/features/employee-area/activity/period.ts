import { addDays } from '@presente/shared';

export const ACTIVITY_PERIODS = ['all', 'today', 'week', 'month', 'custom'] as const;
export type ActivityPeriod = (typeof ACTIVITY_PERIODS)[number];

/** Custom range "YYYY-MM-DD" days; null until chosen. */
export interface CustomRange {
  from: string | null;
  to: string | null;
}

/**
 * The local days a period filter asks the API for (spec §9): today; week = the last 7 days; month = from the
 * 1st of the current month; custom = Desde..Hasta, only once both are chosen and valid (else null: no query).
 */
export function periodRange(period: ActivityPeriod, today: string, custom: CustomRange): { startDate?: string; endDate?: string } | null {
  switch (period) {
    case 'all':
      return {};
    case 'today':
      return { startDate: today, endDate: today };
    case 'week':
      return { startDate: addDays(today, -6), endDate: today };
    case 'month':
      return { startDate: `${today.slice(0, 7)}-01`, endDate: today };
    case 'custom':
      return customErrors(custom, today) === null ? { startDate: custom.from!, endDate: custom.to! } : null;
  }
}

/** Spec §5: Desde max is Hasta or today; Hasta min is Desde, max today. */
export function customLimits(custom: CustomRange, today: string): { fromMax: string; toMin: string | undefined; toMax: string } {
  return {
    fromMax: custom.to && custom.to < today ? custom.to : today,
    toMin: custom.from ?? undefined,
    toMax: today,
  };
}

/** What is wrong with a custom range (keys of employee:employeeArea.activity.errors), or null when usable. */
export function customErrors(custom: CustomRange, today: string): { from?: string; to?: string } | null {
  const errors: { from?: string; to?: string } = {};
  if (!custom.from) errors.from = 'fromRequired';
  else if (custom.from > today) errors.from = 'future';
  if (!custom.to) errors.to = 'toRequired';
  else if (custom.to > today) errors.to = 'future';
  else if (custom.from && custom.from > custom.to) errors.to = 'toBeforeFrom';
  return Object.keys(errors).length ? errors : null;
}
