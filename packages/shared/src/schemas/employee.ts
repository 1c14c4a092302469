import { z } from 'zod';
import { PASSWORD_MIN_EMPLOYEE } from '../constants.js';
import { savedAnswer } from './answers.js';
import { workScheduleAnswer } from './attendance-answers.js';
import { dataAnswer, isPhone, pageQuery, ymd } from './common.js';

/** Employee area (spec §7 "Employee (under /employee)"): what the employee may send about themself. */

/** Only the phone is self-editable; names, codes and the rest are the admin's. '' or null removes it. */
export const employeeProfileInput = z.object({
  phone: z
    .string('employeeArea.phoneRequired')
    .trim()
    .max(40, 'validation.tooLong')
    .refine((v) => v === '' || isPhone(v), 'employeeArea.phoneInvalid')
    .nullable()
    .transform((v) => (v ? v : null)),
});

/** Own password change in the employee area: min 6 (spec §5, §9); the confirmation, when sent, must match. */
export const employeePasswordInput = z
  .object({
    currentPassword: z.string('profile.allFieldsRequired').min(1, 'profile.allFieldsRequired').max(200, 'validation.tooLong'),
    newPassword: z
      .string('profile.allFieldsRequired')
      .min(1, 'profile.allFieldsRequired')
      // Empty says only 'required' (one message), without aborting the object's own checks (RUC, mismatch).
      .refine((v) => v.length === 0 || v.length >= PASSWORD_MIN_EMPLOYEE, 'validation.passwordMin6')
      .max(200, 'validation.tooLong'),
    confirmPassword: z.string().max(200, 'validation.tooLong').optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsMismatch',
  });

/** Own email change: non-empty and an email (spec §5 'Por favor ingresa un email válido'). */
export const employeeEmailInput = z.object({
  newEmail: z
    .string('employeeArea.emailInvalid')
    .trim()
    .min(1, 'employeeArea.emailInvalid')
    .max(254, 'validation.tooLong')
    .pipe(z.email('employeeArea.emailInvalid'))
    .transform((v) => v.toLowerCase()),
});

/** An optional "YYYY-MM-DD" query value; '' means not given. */
const optionalDay = ymd('attendance.dateInvalid')
  .optional()
  .or(z.literal('').transform(() => undefined));
const rangeOk = (v: { startDate?: string; endDate?: string }) => !v.startDate || !v.endDate || v.startDate <= v.endDate;
const rangeRule = { path: ['endDate'], message: 'employeeArea.rangeInvalid' };

const year = z.coerce
  .number('employeeArea.yearInvalid')
  .int('employeeArea.yearInvalid')
  .min(2000, 'employeeArea.yearInvalid')
  .max(2100, 'employeeArea.yearInvalid');
const month = z.coerce
  .number('employeeArea.monthInvalid')
  .int('employeeArea.monthInvalid')
  .min(1, 'employeeArea.monthInvalid')
  .max(12, 'employeeArea.monthInvalid');

/** History: newest first, 10 a page (spec §9); optional local-day range. */
export const employeeHistoryQuery = pageQuery.extend({ startDate: optionalDay, endDate: optionalDay }).refine(rangeOk, rangeRule);

export const EMPLOYEE_STATS_PERIODS = ['week', 'month', 'year'] as const;
/**
 * Stats: week = the last 7 days, month = from the 1st, year = from 1 January (spec §9), each up to today.
 * `year`/`month` pick another month or year (the Reports tab); without them, the current one.
 */
export const employeeStatsQuery = z.object({
  period: z.enum(EMPLOYEE_STATS_PERIODS, 'employeeArea.periodInvalid').default('month'),
  year: year.optional(),
  month: month.optional(),
});

/** Calendar of one month; the current one when not given. */
export const employeeCalendarQuery = z.object({ month: month.optional(), year: year.optional() });

export const EMPLOYEE_ACTIVITY_FILTERS = ['all', 'attendance', 'admin_actions'] as const;
export type EmployeeActivityFilter = (typeof EMPLOYEE_ACTIVITY_FILTERS)[number];
/** Activity: type filter and local days (inclusive) in the company's timezone. */
export const employeeActivityQuery = pageQuery
  .extend({
    filter: z.enum(EMPLOYEE_ACTIVITY_FILTERS, 'employeeArea.filterInvalid').default('all'),
    startDate: optionalDay,
    endDate: optionalDay,
  })
  .refine(rangeOk, rangeRule);

/** GET /employee/work-info (spec §2 Schedule tab): schedule, work location (geofence), department, position, company. */
export const workInfoAnswer = z.object({
  data: z.object({
    schedule: workScheduleAnswer.nullable(),
    location: z
      .object({
        id: z.string(),
        name: z.string(),
        address: z.string().nullable(),
        latitude: z.number(),
        longitude: z.number(),
        allowedRadius: z.number().int(),
      })
      .nullable(),
    department: z.string().nullable(),
    position: z.string().nullable(),
    company: z.object({ name: z.string(), timezone: z.string() }),
  }),
});
export type WorkInfoAnswer = z.infer<typeof workInfoAnswer>['data'];

/** The employee's own data as GET/PUT /employee/profile answer it (spec §2 Settings: read-only account info). */
export const employeeProfileAnswer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  employeeCode: z.string(),
  documentNumber: z.string().nullable(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  hireDate: z.string().nullable(),
  createdAt: z.string(),
  department: z.object({ id: z.string(), name: z.string() }).nullable(),
  schedule: z.object({ id: z.string(), name: z.string(), startTime: z.string(), endTime: z.string() }).nullable(),
  company: z.object({ id: z.string(), name: z.string(), timezone: z.string() }),
  account: z.object({ email: z.string(), name: z.string(), role: z.string() }),
});
export type EmployeeProfileAnswer = z.infer<typeof employeeProfileAnswer>;

/** GET /employee/profile. */
export const employeeProfileGetAnswer = dataAnswer(employeeProfileAnswer);
/** PUT /employee/profile: the profile as saved, with the confirmation. */
export const employeeProfileSavedAnswer = savedAnswer(employeeProfileAnswer);
/** PUT /employee/profile/email (and the admin's PUT /profile/email): the new login email, with the confirmation. */
export const ownEmailAnswer = savedAnswer(z.object({ email: z.string() }));
export type OwnEmailAnswer = z.infer<typeof ownEmailAnswer>;
