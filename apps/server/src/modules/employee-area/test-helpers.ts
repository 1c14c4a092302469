import { localToInstant, parseHhmm } from '@presente/shared';
import type { Ctx } from '../../context.js';
import { activityLog, attendanceRecords } from '../../db/schema/index.js';
import type { TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';

export const BASE = '/api/employee';
export const LIMA = 'America/Lima';

/** A local wall-clock time of a day in a timezone, as an instant. */
export const local = (date: string, hhmm: string, tz = LIMA) => localToInstant(date, parseHhmm(hhmm), tz);

/** A company in Lima (UTC-5) with an office schedule and one employee on it. */
export async function officeEmployee(t: TestApp, scheduleOverrides: Record<string, unknown> = {}, companyId?: string) {
  const cid = companyId ?? (await t.factories.company({ timezone: LIMA })).id;
  const schedule = await t.factories.schedule(cid, {
    startTime: '09:00',
    endTime: '18:00',
    breakStartTime: '13:00',
    breakEndTime: '14:00',
    workDays: '1,2,3,4,5',
    ...scheduleOverrides,
  });
  const employee = await t.factories.employee(cid, { scheduleId: schedule.id });
  return { companyId: cid, schedule, employee };
}

/** An attendance record inserted directly, with local times in the given timezone. */
export async function addRecord(
  t: TestApp,
  employee: { id: string; companyId: string },
  date: string,
  times: { in?: string; out?: string; status?: string; workHours?: string; isPermission?: boolean; notes?: string; tz?: string } = {},
) {
  const tz = times.tz ?? LIMA;
  const [row] = await t.db
    .insert(attendanceRecords)
    .values({
      companyId: employee.companyId,
      employeeId: employee.id,
      date,
      checkIn: times.in ? local(date, times.in, tz) : null,
      checkOut: times.out ? local(date, times.out, tz) : null,
      status: times.status ?? null,
      workHours: times.workHours ?? null,
      isPermission: times.isPermission ?? false,
      notes: times.notes ?? null,
    })
    .returning();
  return row;
}

export async function addActivity(t: TestApp, employee: { id: string; companyId: string }, type: string, at: Date, actorUserId: string | null = null) {
  const [row] = await t.db
    .insert(activityLog)
    .values({
      companyId: employee.companyId,
      employeeId: employee.id,
      type,
      title: `Evento ${type}`,
      actorUserId,
      createdAt: at,
      details: { date: at.toISOString().slice(0, 10) },
    })
    .returning();
  return row;
}

/** The service context of a logged-in user, to call a service with a fixed "now". */
export function ctxOf(t: TestApp, u: TestUser): Ctx {
  return {
    db: t.db,
    deps: t.deps,
    lang: 'es',
    ip: '127.0.0.1',
    userAgent: 'test',
    log: t.app.log,
    publicUrl: 'http://localhost',
    actor: { userId: u.id, sessionId: 'test', role: u.role, companyId: u.companyId, name: u.name, email: u.email },
  };
}
