import { z } from 'zod';
import { breakProblem } from '../attendance/breaks.js';
import { HIRE_DATE_MIN_YEAR, OPEN_RECORD_GRACE_HOURS, PASSWORD_MIN_ADMIN, PASSWORD_MIN_EMPLOYEE } from '../constants.js';
import { DOCUMENT_TYPES, type DocumentType, documentProblem, missingDocument } from '../identity.js';
import { boolish, dataAnswer, hhmm, optionalHhmm, optionalId, optionalPhone, optionalText, pageQuery, ymd } from './common.js';

export const departmentInput = z.object({
  name: z.string('department.nameRequired').trim().min(1, 'department.nameRequired').max(120, 'validation.tooLong'),
});

/** Work days: "1,2,3" or [1,2,3] (Monday=1 .. Sunday=7), stored sorted as "1,2,3". */
export const workDays = z
  .union([z.string(), z.array(z.coerce.number())])
  .transform((v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .filter((x) => x.trim() !== '')
          .map(Number)
      : v,
  )
  .pipe(z.array(z.number().int().min(1, 'schedule.workDaysRequired').max(7, 'schedule.workDaysRequired')).min(1, 'schedule.workDaysRequired'))
  .transform((days) => [...new Set(days)].sort((a, b) => a - b).join(','));

const BREAK_MESSAGES = {
  incomplete: 'schedule.breakIncomplete',
  notAfterStart: 'schedule.breakEndBeforeStart',
  outsideShift: 'schedule.breakOutsideShift',
} as const;

export const scheduleInput = z
  .object({
    name: z.string('schedule.nameRequired').trim().min(1, 'schedule.nameRequired').max(120, 'validation.tooLong'),
    startTime: hhmm('schedule.startRequired'),
    endTime: hhmm('schedule.endRequired'),
    breakStartTime: optionalHhmm,
    breakEndTime: optionalHhmm,
    workDays: workDays.default('1,2,3,4,5'),
    lateToleranceMinutes: z.coerce.number().int('schedule.toleranceRange').min(0, 'schedule.toleranceRange').max(60, 'schedule.toleranceRange').default(15),
    allowEarlyCheckIn: boolish.default(true),
    earlyCheckInMinutes: z.coerce.number().int('schedule.earlyRange').min(0, 'schedule.earlyRange').max(120, 'schedule.earlyRange').default(30),
    countActualTime: boolish.default(false),
    allowManualAttendance: boolish.default(true),
    /** Marking by scanning the rotating on-screen QR of a work location (decision 0044): off unless the admin turns it on. */
    allowQrAttendance: boolish.default(false),
    isActive: boolish.default(true),
    locationId: optionalId,
  })
  .refine((s) => s.startTime !== s.endTime, { path: ['endTime'], message: 'schedule.sameStartEnd' })
  // Both or neither, end after start, entirely inside the shift (night shifts too): decision 0024.
  .superRefine((s, ctx) => {
    const found = breakProblem(s);
    if (found)
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: the issue's code is never shown: the error answer and the forms carry path and message only
        code: 'custom',
        path: [found.field],
        message: BREAK_MESSAGES[found.problem],
      });
  });
export type ScheduleInput = z.input<typeof scheduleInput>;

export const locationInput = z.object({
  name: z.string('location.nameRequired').trim().min(1, 'location.nameRequired').max(120, 'validation.tooLong'),
  address: optionalText(300),
  latitude: z.coerce
    .number('location.positionRequired')
    .min(-90, 'location.positionRequired')
    .max(90, 'location.positionRequired')
    .refine((v) => v !== 0, 'location.positionRequired'),
  longitude: z.coerce
    .number('location.positionRequired')
    .min(-180, 'location.positionRequired')
    .max(180, 'location.positionRequired')
    .refine((v) => v !== 0, 'location.positionRequired'),
  allowedRadius: z.coerce.number().int('location.radiusRange').min(10, 'location.radiusRange').max(5000, 'location.radiusRange').default(100),
});

/** scheduleIds arrive as an array or as a JSON-string list (spec §3). */
const scheduleIds = z
  .union([z.array(z.string()), z.string()])
  .transform((v, ctx) => {
    if (Array.isArray(v)) return v;
    try {
      const parsed = JSON.parse(v || '[]');
      // Stryker disable next-line ConditionalExpression: what is not a list has no map: the throw lands in the catch below, which adds the same issue
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {}
    ctx.addIssue({
      // Stryker disable next-line StringLiteral: the issue's code is never shown: the error answer and the forms carry path and message only
      code: 'custom',
      message: 'validation.invalid',
    });
    return z.NEVER;
  })
  .pipe(z.array(z.uuid('validation.idInvalid')));

export const holidayInput = z
  .object({
    name: z.string('holiday.nameRequired').trim().min(1, 'holiday.nameRequired').max(120, 'validation.tooLong'),
    date: ymd(),
    description: optionalText(500),
    applyToAll: boolish.default(true),
    shouldPayFullDay: boolish.default(true),
    scheduleIds: scheduleIds.default([]),
    isActive: boolish.default(true),
  })
  .refine((h) => h.applyToAll || h.scheduleIds.length > 0, { path: ['scheduleIds'], message: 'holiday.schedulesRequired' });

export const holidayQuery = pageQuery.extend({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
});

/** The worker's identity document type (decision 0037); '' or absent is none. Import files may say "Pasaporte", "C.E."... */
const DOCUMENT_ALIASES: Record<string, DocumentType> = {
  dni: 'DNI',
  ce: 'CE',
  'c.e.': 'CE',
  'carné de extranjería': 'CE',
  'carne de extranjeria': 'CE',
  pasaporte: 'PASSPORT',
  passport: 'PASSPORT',
  ptp: 'PTP',
  otro: 'OTHER',
  other: 'OTHER',
};
const documentType = z
  .preprocess(
    (v) => (typeof v === 'string' ? (DOCUMENT_ALIASES[v.trim().toLowerCase()] ?? (v.trim() || null)) : v),
    z.enum(DOCUMENT_TYPES, 'validation.documentType').nullable(),
  )
  .optional()
  .transform((v) => v ?? null);

/** A document number must fit its type (DNI 8 digits, CE/passport up to 12 alphanumeric, PTP 9 digits, other up to 20). */
function checkDocument(v: { documentType?: DocumentType | null; documentNumber?: string | null }, ctx: z.RefinementCtx) {
  if (!v.documentType || !v.documentNumber) return;
  const problem = documentProblem(v.documentType, v.documentNumber);
  if (problem)
    ctx.addIssue({
      // Stryker disable next-line StringLiteral: the issue's code is never shown: the error answer and the forms carry path and message only
      code: 'custom',
      path: ['documentNumber'],
      message: problem,
    });
}

const employeeBase = {
  firstName: z.string('employee.firstNameRequired').trim().min(1, 'employee.firstNameRequired').max(100, 'validation.tooLong'),
  lastName: z.string('employee.lastNameRequired').trim().min(1, 'employee.lastNameRequired').max(100, 'validation.tooLong'),
  email: z
    .string('employee.emailRequired')
    .trim()
    .min(1, 'employee.emailRequired')
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.emailInvalid'))
    .transform((v) => v.toLowerCase()),
  employeeCode: z.string('employee.codeRequired').trim().min(1, 'employee.codeRequired').max(40, 'validation.tooLong'),
  documentType,
  documentNumber: optionalText(20, 'employee.documentTooLong'),
  position: optionalText(120),
  phone: optionalPhone,
  scheduleId: optionalId,
  departmentId: optionalId,
  status: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
  hireDate: z
    .union([ymd('holiday.dateInvalid', { minYear: HIRE_DATE_MIN_YEAR, rangeMessage: 'validation.hireDateOutOfRange' }), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
};
export const employeeCreateInput = z.object(employeeBase).superRefine(checkDocument);
export const employeeUpdateInput = z
  .object({
    ...employeeBase,
    id: z.string().optional(),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_EMPLOYEE, 'validation.passwordMin6')
      .max(200, 'validation.tooLong')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine(checkDocument);

/**
 * The document the company's country requires (identity.ts `missingDocument`, decision 0062), on top of a schema's own
 * checks. The country is the company's as the server stores it (or the admin's screen read it), never a request field.
 */
const requireDocumentIn =
  (country: string | null | undefined) => (v: { documentType?: DocumentType | null; documentNumber?: string | null }, ctx: z.RefinementCtx) => {
    for (const m of missingDocument(country, v))
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: the issue's code is never shown: the error answer and the forms carry path and message only
        code: 'custom',
        path: [m.path],
        message: m.message,
      });
  };
/** POST /employees for a company of `country`: Peru requires the document. */
export const employeeCreateInputIn = (country: string | null | undefined) => employeeCreateInput.superRefine(requireDocumentIn(country));
/** PUT /employees/{id} for a company of `country`: an edit cannot remove the document, and one without it must add it. */
export const employeeUpdateInputIn = (country: string | null | undefined) => employeeUpdateInput.superRefine(requireDocumentIn(country));

export const employeeListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  /** A department id, or 'none' for employees without one. */
  departmentId: z.union([z.uuid(), z.literal('none'), z.literal('')]).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
});

/** Company attendance settings (PUT /company/attendance-settings): the forgotten check-out grace, whole hours 1-24. */
export const attendanceSettingsInput = z.object({
  openRecordGraceHours: z
    .number('company.graceHoursInvalid')
    .int('company.graceHoursInvalid')
    .min(OPEN_RECORD_GRACE_HOURS.min, 'company.graceHoursInvalid')
    .max(OPEN_RECORD_GRACE_HOURS.max, 'company.graceHoursInvalid'),
});
export type AttendanceSettingsInput = z.infer<typeof attendanceSettingsInput>;
/** GET and PUT /company-admin-simple/company/attendance-settings. */
export const attendanceSettingsAnswer = dataAnswer(attendanceSettingsInput);
export type AttendanceSettingsAnswer = z.infer<typeof attendanceSettingsAnswer>;

export const companyNameInput = z.object({ name: z.string('company.nameRequired').trim().min(1, 'company.nameRequired').max(200, 'validation.tooLong') });

/** Company admin password change (min 8). */
export const adminPasswordInput = z.object({
  currentPassword: z.string('profile.allFieldsRequired').min(1, 'profile.allFieldsRequired').max(200),
  newPassword: z
    .string('profile.allFieldsRequired')
    .min(1, 'profile.allFieldsRequired')
    // Empty says only 'required' (one message), without aborting the object's own checks (RUC, mismatch).
    .refine((v) => v.length === 0 || v.length >= PASSWORD_MIN_ADMIN, 'validation.passwordMin8')
    .max(200, 'validation.tooLong'),
});
export const emailChangeInput = z.object({
  newEmail: z
    .string('profile.emailInvalid')
    .trim()
    .min(1, 'profile.emailInvalid')
    .max(254, 'validation.tooLong')
    .pipe(z.email('profile.emailInvalid'))
    .transform((v) => v.toLowerCase()),
});

/** Bulk import: rows parsed from a CSV/XLSX file in the browser; department and schedule by name. */
export const employeeImportRow = z
  .object({
    // The same field rules as the form (employeeBase), in the file's column order; department and schedule by name.
    firstName: employeeBase.firstName,
    lastName: employeeBase.lastName,
    email: employeeBase.email,
    employeeCode: employeeBase.employeeCode,
    documentType: employeeBase.documentType,
    documentNumber: employeeBase.documentNumber,
    position: employeeBase.position,
    phone: employeeBase.phone,
    department: optionalText(120),
    schedule: optionalText(120),
    hireDate: employeeBase.hireDate,
  })
  .superRefine(checkDocument);
/** One import row for a company of `country`: a Peruvian company's rows each need the document. */
export const employeeImportRowIn = (country: string | null | undefined) => employeeImportRow.superRefine(requireDocumentIn(country));
export const employeeImportInput = z
  .object({
    rows: z.array(z.record(z.string(), z.unknown())).min(1, 'import.empty').max(1000, 'import.tooMany'),
    /** Each row's line in the file (header = 1; blank lines skipped keep the numbering); default: 2, 3, ... */
    lines: z.array(z.number().int().min(2).max(1_048_576)).optional(),
    /** true: validate and preview only; nothing is written. */
    dryRun: z.boolean().default(true),
  })
  .refine((v) => !v.lines || v.lines.length === v.rows.length, { message: 'validation.invalid', path: ['lines'] });
