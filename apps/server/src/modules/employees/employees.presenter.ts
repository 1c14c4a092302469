import type { Employee, ImportResult } from '@presente/shared';
import { iso } from '../../lib/iso.js';
import type { getEmployee } from './employees.service.js';
import type { importEmployees } from './import.service.js';

type EmployeeView = Awaited<ReturnType<typeof getEmployee>>;

/**
 * An employee row (with its schedule, department, account state and face summary) as the admin reads it.
 * Field by field: the account's id, the company and the deletion mark stay inside, and nothing of the face
 * but its summary can reach an answer.
 */
export function presentEmployee(e: EmployeeView): Employee {
  return {
    id: e.id,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    employeeCode: e.employeeCode,
    documentType: e.documentType ?? null,
    documentNumber: e.documentNumber,
    position: e.position,
    phone: e.phone,
    scheduleId: e.scheduleId,
    departmentId: e.departmentId,
    status: e.status,
    hireDate: e.hireDate,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
    schedule: e.schedule?.id
      ? { id: e.schedule.id, name: e.schedule.name ?? '', startTime: e.schedule.startTime ?? '', endTime: e.schedule.endTime ?? '' }
      : null,
    department: e.department?.id ? { id: e.department.id, name: e.department.name ?? '' } : null,
    canLogin: e.canLogin,
    faceData: e.faceData ? { confidence: e.faceData.confidence, createdAt: e.faceData.createdAt, isActive: e.faceData.isActive } : null,
  };
}

/** The import's preview or result, row by row as read from the file. */
export function presentImport(r: Awaited<ReturnType<typeof importEmployees>>): ImportResult {
  return {
    dryRun: r.dryRun,
    count: r.count,
    newDepartments: r.newDepartments,
    emailFailures: r.emailFailures,
    ...('mailsQueued' in r && r.mailsQueued !== undefined ? { mailsQueued: r.mailsQueued } : {}),
    rows: r.rows.map((row) => ({
      line: row.line,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      employeeCode: row.employeeCode,
      documentType: row.documentType ?? null,
      documentNumber: row.documentNumber ?? null,
      position: row.position ?? null,
      phone: row.phone ?? null,
      department: row.department ?? null,
      schedule: row.schedule ?? null,
      hireDate: row.hireDate ?? null,
    })),
  };
}
