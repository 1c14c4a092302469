import { isWorkDay, periodOn, round2, type ScheduleSnapshot, shiftWindow } from '@presente/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityLog, attendanceRecords, companies, employeeSchedulePeriods, employees } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { type ChainHead, chainHead } from '../attendance/chain.js';

/**
 * The data of Peru's "Registro de Control de Asistencia" for a company's whole history (every month kept),
 * read on the server so it can be produced when nobody can sign in any more: after access ended, from the
 * mailed link, and for the super admin after the company was closed (decision 0034). One line per worker and
 * work day with a record: entry and exit (company's timezone), hours worked, hours outside the workday (the
 * schedule in force that day, from the history periods), remarks; and the manual-change audit.
 */
export interface RegisterLine {
  employeeId: string;
  worker: string;
  document: string;
  code: string;
  date: string;
  checkIn: string;
  checkOut: string;
  hours: number | null;
  outside: number | null;
  manual: boolean;
  incomplete: boolean;
  permission: boolean;
  notes: string;
}
export interface RegisterChange {
  at: Date;
  worker: string;
  date: string;
  deleted: boolean;
  reason: string;
}
export interface RegisterData {
  company: { id: string; name: string; ruc: string | null; address: string | null; timezone: string; closedAt: Date | null };
  /** Months (yyyy-mm), oldest first, each with its lines ordered by worker then date. */
  months: { month: string; lines: RegisterLine[] }[];
  changes: RegisterChange[];
  /** The attendance chain's head when loaded (decision 0038): printed as the files' integrity footer. */
  chain?: ChainHead;
}

type Snapshot = Pick<ScheduleSnapshot, 'startTime' | 'endTime' | 'workDays'>;

/** Hours punched outside the shift (as the browser's register does); all of them on a rest day, zero on leave. */
export function outsideHours(checkIn: Date | null, checkOut: Date | null, permission: boolean, schedule: Snapshot | null, date: string, timezone: string) {
  if (!checkIn || !checkOut || !schedule) return null;
  const from = checkIn.getTime();
  const to = checkOut.getTime();
  if (!(to > from)) return null;
  if (permission) return 0;
  if (!isWorkDay(schedule, date)) return round2((to - from) / 3_600_000);
  const { start, end } = shiftWindow(schedule, date, timezone);
  const before = Math.max(0, Math.min(to, start.getTime()) - from);
  const after = Math.max(0, to - Math.max(from, end.getTime()));
  return round2((before + after) / 3_600_000);
}

function localTime(at: Date | null, timezone: string): string {
  if (!at) return '';
  return new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

export async function loadRegister(db: Db, companyId: string): Promise<RegisterData> {
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      ruc: companies.ruc,
      address: companies.address,
      timezone: companies.timezone,
      closedAt: companies.closedAt,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new AppError('not_found', 'admin.companyNotFound');
  const tz = company.timezone;
  const rows = await db
    .select({
      employeeId: attendanceRecords.employeeId,
      firstName: employees.firstName,
      lastName: employees.lastName,
      document: employees.documentNumber,
      code: employees.employeeCode,
      date: attendanceRecords.date,
      checkIn: attendanceRecords.checkIn,
      checkOut: attendanceRecords.checkOut,
      workHours: attendanceRecords.workHours,
      isManual: attendanceRecords.isManual,
      incomplete: attendanceRecords.incomplete,
      isPermission: attendanceRecords.isPermission,
      notes: attendanceRecords.notes,
    })
    .from(attendanceRecords)
    .innerJoin(employees, eq(employees.id, attendanceRecords.employeeId))
    .where(eq(attendanceRecords.companyId, companyId))
    .orderBy(asc(attendanceRecords.date), asc(employees.lastName), asc(employees.firstName), asc(employees.id));
  const ids = [...new Set(rows.map((r) => r.employeeId))];
  const periods = ids.length
    ? await db
        .select({ employeeId: employeeSchedulePeriods.employeeId, validFrom: employeeSchedulePeriods.validFrom, schedule: employeeSchedulePeriods.schedule })
        .from(employeeSchedulePeriods)
        .where(and(eq(employeeSchedulePeriods.companyId, companyId), inArray(employeeSchedulePeriods.employeeId, ids)))
    : [];
  const byEmployee = new Map<string, typeof periods>();
  for (const p of periods) byEmployee.set(p.employeeId, [...(byEmployee.get(p.employeeId) ?? []), p]);

  const months = new Map<string, RegisterLine[]>();
  for (const r of rows) {
    const period = periodOn(byEmployee.get(r.employeeId) ?? [], r.date);
    const schedule = (period?.schedule as Snapshot | null | undefined) ?? null;
    const line: RegisterLine = {
      employeeId: r.employeeId,
      worker: `${r.lastName}, ${r.firstName}`,
      document: r.document ?? '',
      code: r.code,
      date: r.date,
      checkIn: localTime(r.checkIn, tz),
      checkOut: localTime(r.checkOut, tz),
      hours: r.workHours == null ? null : Number(r.workHours),
      outside: outsideHours(r.checkIn, r.checkOut, r.isPermission, schedule, r.date, tz),
      manual: r.isManual,
      incomplete: r.incomplete,
      permission: r.isPermission,
      notes: r.notes ?? '',
    };
    const month = r.date.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), line]);
  }
  const byWorker = (a: RegisterLine, b: RegisterLine) =>
    a.worker.localeCompare(b.worker, 'es') || a.employeeId.localeCompare(b.employeeId) || a.date.localeCompare(b.date);

  const audit = await db
    .select({ at: activityLog.createdAt, details: activityLog.details, title: activityLog.title, firstName: employees.firstName, lastName: employees.lastName })
    .from(activityLog)
    .leftJoin(employees, eq(employees.id, activityLog.employeeId))
    .where(and(eq(activityLog.companyId, companyId), eq(activityLog.type, 'attendance_edit')))
    .orderBy(asc(activityLog.createdAt));
  const changes = audit.map<RegisterChange>((a) => {
    const d = (a.details ?? {}) as { date?: string; reason?: string; deletedRecord?: unknown };
    return {
      at: a.at,
      worker: a.lastName ? `${a.lastName}, ${a.firstName}` : '',
      date: d.date ?? '',
      deleted: !!d.deletedRecord,
      reason: d.reason ?? '',
    };
  });
  return {
    company,
    months: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, lines]) => ({ month, lines: lines.sort(byWorker) })),
    changes,
    chain: await chainHead(db, companyId),
  };
}
