import { z } from 'zod';
import { COMPANY_STATUSES, PLANS, RUC_MAX } from '../constants.js';
import { dataAnswer, optionalText } from './common.js';

/** How much of a limited feature the company uses; limit -1 = unlimited (spec §3, §9). */
export const usageEntry = z.object({ used: z.number(), limit: z.number() });
export type UsageEntry = z.infer<typeof usageEntry>;

/** GET /company-admin-simple/company/settings: the company, its plan, usage and limits (-1 = unlimited). */
export const companySettingsAnswer = z.object({
  id: z.string(),
  name: z.string(),
  ruc: z.string().nullable(),
  /** Razón social (decision 0037): an extension. */
  legalName: z.string().nullable(),
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
/** GET /company-admin-simple/available-years and GET /employee/available-years: one declared answer for both. */
export const availableYearsAnswer = dataAnswer(availableYears);
export type AvailableYearsAnswer = z.infer<typeof availableYearsAnswer>;

/** PUT /company-admin-simple/company/name: the name saved. */
export const companyNameAnswer = dataAnswer(z.object({ name: z.string() }));
export type CompanyNameAnswer = z.infer<typeof companyNameAnswer>;

/**
 * PUT /company-admin-simple/company/legal: the register's employer fields (decision 0053). For a company of Peru
 * the server also requires the RUC and checks its digits (identity.ts), as at registration; elsewhere a free tax id.
 */
export const companyLegalInput = z.object({
  ruc: optionalText(RUC_MAX, 'validation.rucMax'),
  legalName: optionalText(200, 'validation.legalNameMax'),
});
export type CompanyLegalInput = z.input<typeof companyLegalInput>;
export const companyLegalAnswer = z.object({ ruc: z.string().nullable(), legalName: z.string().nullable() });
/** PUT /company-admin-simple/company/legal. */
export const companyLegalSavedAnswer = dataAnswer(companyLegalAnswer);
export type CompanyLegalSavedAnswer = z.infer<typeof companyLegalSavedAnswer>;
