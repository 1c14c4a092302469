import { z } from 'zod';
import { DOCUMENT_TYPES } from '../identity.js';
import { paginationSchema } from './common.js';
import { faceData } from './face.js';

/**
 * An employee as the admin's screens read it (spec §3). Never the login account's id, password or face
 * templates: `faceData` only says whether a face is enrolled and how well. `canLogin` (the account is
 * active) and `documentType` (decision 0037) are extensions.
 */
export const employeeAnswer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  employeeCode: z.string(),
  documentType: z.enum(DOCUMENT_TYPES).nullable(),
  documentNumber: z.string().nullable(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  scheduleId: z.string().nullable(),
  departmentId: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  hireDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  schedule: z.object({ id: z.string(), name: z.string(), startTime: z.string(), endTime: z.string() }).nullable(),
  department: z.object({ id: z.string(), name: z.string() }).nullable(),
  canLogin: z.boolean(),
  faceData: faceData.nullable(),
});
export type Employee = z.infer<typeof employeeAnswer>;
export type EmployeeStatus = Employee['status'];

export const mailStatus = z.enum(['sent', 'failed']);
export type MailStatus = z.infer<typeof mailStatus>;

/** POST /employees: the new employee and whether the password mail went out (a warning says when it did not). */
export const employeeCreatedAnswer = z.object({
  data: employeeAnswer.extend({ emailStatus: mailStatus }),
  message: z.string(),
  warning: z.string().optional(),
});

/** GET /employees (spec §7): a page of employees and the company's total. */
export const employeeListAnswer = z.object({ data: z.array(employeeAnswer), pagination: paginationSchema, totalEmployees: z.number() });
export type EmployeeListAnswer = z.infer<typeof employeeListAnswer>;

/** POST /employees/{id}/reset-password: whether the mail with the new password went out. */
export const employeePasswordResetAnswer = z.object({ data: z.object({ emailStatus: mailStatus }), message: z.string() });
export type EmployeePasswordResetAnswer = z.infer<typeof employeePasswordResetAnswer>;

/** One row of an import as it was read (names of department and schedule, not ids). */
export const importPreviewRow = z
  .object({ line: z.number() })
  .extend(
    employeeAnswer.pick({
      firstName: true,
      lastName: true,
      email: true,
      employeeCode: true,
      documentType: true,
      documentNumber: true,
      position: true,
      phone: true,
    }).shape,
  )
  .extend({ department: z.string().nullable(), schedule: z.string().nullable(), hireDate: z.string().nullable() });
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

/** POST /employees/import: the preview (dryRun) or what was written. */
export const importResult = z.object({
  dryRun: z.boolean(),
  count: z.number(),
  newDepartments: z.array(z.string()),
  rows: z.array(importPreviewRow),
  emailFailures: z.number(),
  /** Set-password mails handed to the job queue (decision 0032). */
  mailsQueued: z.number().optional(),
});
export type ImportResult = z.infer<typeof importResult>;
