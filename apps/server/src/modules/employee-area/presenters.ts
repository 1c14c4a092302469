import type { ActivityEntryAnswer, EmployeeProfileAnswer, Language, WorkInfoAnswer, WorkScheduleAnswer } from '@presente/shared';
import type { Actor } from '../../context.js';
import type { activityLog, schedules, workLocations } from '../../db/schema/index.js';
import { activityText } from '../activity/activity.service.js';
import type { Self } from './self.service.js';

/**
 * Presenters of the employee area (issue 20): explicit mappings from the rows `loadSelf` and the services read
 * to the declared answers (packages/shared schemas/employee.ts, activity.ts), so no route returns a row.
 */

type ScheduleRow = typeof schedules.$inferSelect;
type LocationRow = typeof workLocations.$inferSelect;

/** The schedule as the employee sees it; work days as numbers 1-7 (Monday=1), words are the web's. */
export function scheduleView(s: ScheduleRow | null): WorkScheduleAnswer | null {
  if (!s) return null;
  return {
    id: s.id,
    name: s.name,
    startTime: s.startTime,
    endTime: s.endTime,
    breakStartTime: s.breakStartTime,
    breakEndTime: s.breakEndTime,
    workDays: s.workDays.split(',').filter(Boolean).map(Number),
    lateToleranceMinutes: s.lateToleranceMinutes,
    allowEarlyCheckIn: s.allowEarlyCheckIn,
    earlyCheckInMinutes: s.earlyCheckInMinutes,
    countActualTime: s.countActualTime,
    allowManualAttendance: s.allowManualAttendance,
  };
}

export function locationView(l: LocationRow | null): WorkInfoAnswer['location'] {
  if (!l) return null;
  return { id: l.id, name: l.name, address: l.address, latitude: l.latitude, longitude: l.longitude, allowedRadius: l.allowedRadius };
}

/** The short identity card of the dashboard (spec §3 employee dashboard). */
export function employeeCard(self: Self) {
  const e = self.employee;
  return {
    id: e.id,
    firstName: e.firstName,
    lastName: e.lastName,
    employeeCode: e.employeeCode,
    position: e.position,
    department: self.department?.name ?? null,
    email: e.email,
  };
}

/** GET /employee/work-info: schedule, work location, department, position and company (spec §2 Schedule tab). */
export function presentWorkInfo(self: Self): WorkInfoAnswer {
  return {
    schedule: scheduleView(self.schedule),
    location: locationView(self.location),
    department: self.department?.name ?? null,
    position: self.employee.position,
    company: { name: self.company.name, timezone: self.company.timezone },
  };
}

/** The employee's own data with the login account's email, name and role (spec §2 Settings). */
export function presentProfile(self: Self, account: Actor): EmployeeProfileAnswer {
  const e = self.employee;
  const s = self.schedule;
  return {
    id: e.id,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    employeeCode: e.employeeCode,
    documentNumber: e.documentNumber,
    position: e.position,
    phone: e.phone,
    status: e.status,
    hireDate: e.hireDate,
    createdAt: e.createdAt.toISOString(),
    department: self.department,
    schedule: s ? { id: s.id, name: s.name, startTime: s.startTime, endTime: s.endTime } : null,
    company: { id: self.company.id, name: self.company.name, timezone: self.company.timezone },
    account: { email: account.email, name: account.name, role: account.role },
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One activity-log entry in the reader's language, with the administrator who acted (null when none). */
export function presentActivityEntry(entry: typeof activityLog.$inferSelect, adminName: string | null, lang: Language): ActivityEntryAnswer {
  return {
    id: entry.id,
    type: entry.type,
    title: activityText(entry.title, lang, entry.details),
    description: activityText(entry.description, lang, entry.details),
    timestamp: entry.createdAt.toISOString(),
    adminName: entry.actorUserId ? adminName : null,
    details: isRecord(entry.details) ? entry.details : null,
  };
}
