import { z } from 'zod';
import { COMPANY_STATUSES, PLANS } from '../constants.js';

/** How much of a limited feature the company uses; limit -1 = unlimited (spec §3, §9). */
export const usageEntry = z.object({ used: z.number(), limit: z.number() });
export type UsageEntry = z.infer<typeof usageEntry>;

/** GET /company-admin-simple/company/settings: the company, its plan, usage and limits (-1 = unlimited). */
export const companySettingsAnswer = z.object({
  id: z.string(),
  name: z.string(),
  ruc: z.string().nullable(),
  email: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  plan: z.enum(PLANS),
  status: z.enum(COMPANY_STATUSES),
  currentEmployees: z.number(),
  maxEmployees: z.number(),
  timezone: z.string(),
  locale: z.string(),
  usage: z.object({ employees: usageEntry, schedules: usageEntry, locations: usageEntry, links: usageEntry }),
});
export type CompanySettings = z.infer<typeof companySettingsAnswer>;

/** Spec §3 tour status (GET /tour/status; POST /tour/complete and /tour/reset answer it too). */
export const tourStatus = z.object({ hasCompletedTour: z.boolean(), tourCompletedAt: z.string().nullable(), shouldShowTour: z.boolean() });
export type TourStatus = z.infer<typeof tourStatus>;

/** Years with attendance plus the current and the previous one, newest first (calendar and report pickers). */
export const availableYears = z.array(z.number().int());
