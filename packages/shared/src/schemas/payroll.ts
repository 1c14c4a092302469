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
