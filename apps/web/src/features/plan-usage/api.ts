import type { CompanySettings, LimitedFeature, UsageEntry } from '@presente/shared';

export type { CompanySettings, UsageEntry } from '@presente/shared';

import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

export const companySettingsKey = ['company-admin', 'company', 'settings'] as const;

/** The query of the company's plan, usage and limits (one fetch shared by every reader). */
export const companySettingsQuery = {
  queryKey: companySettingsKey,
  queryFn: async () => (await api.get<CompanySettings>('/company-admin-simple/company/settings')).data,
};

/** Plan, usage and limits of the admin's company (usage banner, upgrade prompts). */
export function useCompanySettings(enabled = true) {
  return useQuery({ ...companySettingsQuery, enabled });
}

/** Whether one more item would go over the limit (never for unlimited). */
export function isAtLimit(entry: UsageEntry | undefined): boolean {
  return !!entry && entry.limit !== -1 && entry.used >= entry.limit;
}

const FEATURES: readonly LimitedFeature[] = ['employees', 'schedules', 'locations', 'links'];

/**
 * The feature a 403 plan_limit_reached answer is about (errors[0].path), or null for any other error.
 * An answer without a path is attributed to `fallback`.
 */
export function planLimitFeature(error: unknown, fallback: LimitedFeature): LimitedFeature | null {
  if (!(error instanceof ApiError) || error.code !== 'plan_limit_reached') return null;
  const path = error.errors?.[0]?.path as LimitedFeature | undefined;
  return path && FEATURES.includes(path) ? path : fallback;
}
