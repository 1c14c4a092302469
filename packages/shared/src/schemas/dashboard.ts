import { z } from 'zod';
import { PLANS } from '../constants.js';

/** A limited feature's use and its limit (-1: unlimited). */
const usageEntry = z.object({ used: z.number().int(), limit: z.number().int() });

/** GET /company-admin-simple/dashboard: the company's day and month by the shared rules (spec §3 dashboard). */
export const companyDashboardAnswer = z.object({
  data: z.object({
    totalEmployees: z.number().int(),
    activeEmployees: z.number().int(),
    presentToday: z.number().int(),
    lateToday: z.number().int(),
    earlyToday: z.number().int(),
    absentToday: z.number().int(),
    permissionsToday: z.number().int(),
    holidaysToday: z.number().int(),
    company: z.object({ id: z.string(), name: z.string(), plan: z.enum(PLANS), maxEmployees: z.number().int(), timezone: z.string() }),
    /** Plan usage by resource (same shape as the company settings' usage). */
    usage: z.object({ employees: usageEntry, schedules: usageEntry, locations: usageEntry, links: usageEntry }),
    /** Extension (decision 0036): the new company's first steps, each true once done. */
    firstSteps: z.object({ schedule: z.boolean(), location: z.boolean(), employees: z.boolean(), faces: z.boolean(), kioskLink: z.boolean() }),
    today: z.string(),
    monthlyStats: z.object({
      totalWorkingDays: z.number().int(),
      attendancePercentage: z.number(),
      totalHours: z.number(),
      leaveHours: z.number(),
      averageHoursPerDay: z.number(),
    }),
    departmentStats: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        totalEmployees: z.number().int(),
        presentToday: z.number().int(),
        lateToday: z.number().int(),
        absentToday: z.number().int(),
        attendancePercentage: z.number(),
      }),
    ),
  }),
});
export type CompanyDashboardAnswer = z.infer<typeof companyDashboardAnswer>['data'];
export type DepartmentStatAnswer = CompanyDashboardAnswer['departmentStats'][number];
export type FirstStepsAnswer = CompanyDashboardAnswer['firstSteps'];
