import { z } from 'zod';

/** The payroll summary's answer (decision 0047): the period, the rules applied and one line per employee. */
export const PAYROLL_FORMATS = ['xlsx', 'csv'] as const;

const day = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'payroll.periodInvalid');
export const payrollQuery = z.object({ from: day, to: day, format: z.enum(PAYROLL_FORMATS, 'validation.invalid').optional() });

export const payrollRulesSchema = z.object({
  dailyHours: z.number(),
  weeklyHours: z.number(),
  firstBandHours: z.number(),
  overtimeNeedsApproval: z.boolean(),
  nightStart: z.string(),
  nightEnd: z.string(),
  restDay: z.number().int(),
});

const hhmm = z.string('payroll.rules.timeInvalid').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'payroll.rules.timeInvalid');

/**
 * The company's payroll rules as the admin sets them (decision 0059): Peru's legal defaults until changed.
 * The legal maxima of the company's country are checked by the server (Peru: 8 h a day, 48 h a week).
 */
export const payrollRulesInput = z
  .object({
    dailyHours: z.number('payroll.rules.dailyHours').int('payroll.rules.dailyHours').min(1, 'payroll.rules.dailyHours').max(12, 'payroll.rules.dailyHours'),
    weeklyHours: z
      .number('payroll.rules.weeklyHours')
      .int('payroll.rules.weeklyHours')
      .min(1, 'payroll.rules.weeklyHours')
      .max(72, 'payroll.rules.weeklyHours'),
    firstBandHours: z
      .number('payroll.rules.firstBandHours')
      .int('payroll.rules.firstBandHours')
      .min(0, 'payroll.rules.firstBandHours')
      .max(4, 'payroll.rules.firstBandHours'),
    overtimeNeedsApproval: z.boolean('validation.invalid'),
    nightStart: hhmm,
    nightEnd: hhmm,
    restDay: z.number('payroll.rules.restDay').int('payroll.rules.restDay').min(1, 'payroll.rules.restDay').max(7, 'payroll.rules.restDay'),
  })
  .refine((r) => r.weeklyHours >= r.dailyHours, { path: ['weeklyHours'], message: 'payroll.rules.weeklyBelowDaily' })
  .refine((r) => r.nightStart !== r.nightEnd, { path: ['nightEnd'], message: 'payroll.rules.nightEmpty' });
export type PayrollRulesInput = z.infer<typeof payrollRulesInput>;

/** The company's rules, Peru's defaults and the legal maxima of its country (null where the law sets none here). */
/** Approving (or withdrawing approval of) one day's overtime of one employee (decision 0059). */
export const overtimeApprovalInput = z.object({
  employeeId: z.uuid('validation.idInvalid'),
  date: day,
  approved: z.boolean('validation.invalid'),
});

export const payrollSettingsAnswer = z.object({
  data: z.object({
    rules: payrollRulesSchema,
    defaults: payrollRulesSchema,
    custom: z.boolean(),
    legalMax: z.object({ dailyHours: z.number(), weeklyHours: z.number() }).nullable(),
  }),
  message: z.string().optional(),
});
export type PayrollSettings = z.infer<typeof payrollSettingsAnswer>['data'];

export const payrollLineSchema = z.object({
  employeeId: z.uuid(),
  employeeCode: z.string(),
  name: z.string(),
  documentNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  daysWorked: z.number().int(),
  workedHours: z.number(),
  regularHours: z.number(),
  overtime25Hours: z.number(),
  overtime35Hours: z.number(),
  unapprovedOvertimeHours: z.number(),
  nightHours: z.number(),
  holidayWorkedHours: z.number(),
  restDayWorkedHours: z.number(),
  lateMinutes: z.number().int(),
  lateDays: z.number().int(),
  absences: z.number().int(),
  paidPermissions: z.number().int(),
  unpaidPermissions: z.number().int(),
  permissionHours: z.number(),
  holidaysPaid: z.number().int(),
  openShifts: z.number().int(),
  /** Each ordinary day with overtime, its hours and whether they count as approved (an extension for the approval step). */
  overtimeDays: z.array(z.object({ date: z.string(), hours: z.number(), approved: z.boolean() })),
});
export type PayrollLineDto = z.infer<typeof payrollLineSchema>;

export const payrollResponse = z.object({
  data: z.object({ from: z.string(), to: z.string(), rules: payrollRulesSchema, lines: z.array(payrollLineSchema) }),
});
export type PayrollResponse = z.infer<typeof payrollResponse>;

/** The export's columns, in order: keys of a line and their message keys (a payroll import maps them by header). */
export const PAYROLL_COLUMNS = [
  'employeeCode',
  'documentNumber',
  'name',
  'departmentName',
  'daysWorked',
  'workedHours',
  'regularHours',
  'overtime25Hours',
  'overtime35Hours',
  'unapprovedOvertimeHours',
  'nightHours',
  'holidayWorkedHours',
  'restDayWorkedHours',
  'lateMinutes',
  'lateDays',
  'absences',
  'paidPermissions',
  'unpaidPermissions',
  'permissionHours',
  'holidaysPaid',
  'openShifts',
] as const satisfies readonly (keyof PayrollLineDto)[];
