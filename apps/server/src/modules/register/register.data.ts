import { type DocumentType, holidayApplies, periodOn, type SchedulePeriod, type ScheduleSnapshot, workSplit } from '@presente/shared';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attendanceRecords, companies, employees } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { changesByRecord, loadManualChanges, type RegisterChange } from './register.manual.js';

export type { RegisterChange } from './register.manual.js';

import { type ChainHead, chainHead } from '../attendance/chain.js';
import { loadHolidays } from '../attendance/read-model/holidays.js';
import { loadPeriods } from '../attendance/read-model/periods.js';

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
  documentType: DocumentType | null;
  document: string;
  code: string;
  date: string;
  checkIn: string;
  checkOut: string;
  /** Hours worked (0 on a permission: paid leave is not work). */
  hours: number | null;
  /** The part of `hours` outside the shift (decision 0037); null on an open shift. */
  outside: number | null;
  /** Paid leave hours of a justified permission (null on a worked day). */
  leave: number | null;
  /** A check-in without check-out: marked open, no hours computed. */
  open: boolean;
  manual: boolean;
  incomplete: boolean;
  permission: boolean;
  notes: string;
  /** Which punches of the line the kiosk captured offline (decision 0075): their times are the device's capture times. */
  offline: { checkIn: boolean; checkOut: boolean };
  /** The record's manual changes, oldest first (decision 0039). */
  changes: RegisterChange[];
  /**
   * The holiday that applied to the worker that day (decision 0053), as the calendar shows it: every hour worked on
   * it is outside the workday; a holiday without a record prints as a line of its own with no times.
   */
  holiday: string | null;
}
export interface RegisterData {
  company: {
    id: string;
    name: string;
    legalName: string | null;
    ruc: string | null;
    address: string | null;
    country: string;
    timezone: string;
    closedAt: Date | null;
  };
  /** The months asked for (yyyy-mm), or null for every month kept. */
  range: RegisterRange | null;
  /** Months (yyyy-mm), oldest first, each with its lines ordered by worker then date. */
  months: { month: string; lines: RegisterLine[] }[];
  changes: RegisterChange[];
  /** The attendance chain's head when loaded (decision 0038): printed as the files' integrity footer. */
  chain?: ChainHead;
}

type Snapshot = Pick<ScheduleSnapshot, 'startTime' | 'endTime' | 'workDays'> & Partial<ScheduleSnapshot>;

/** A month range, both ends included (yyyy-mm). */
export interface RegisterRange {
  from: string;
  to: string;
}

/** The last day of a yyyy-mm month. */
export const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

function localTime(at: Date | null, timezone: string): string {
  if (!at) return '';
  return new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

export async function loadRegister(db: Db, companyId: string, range: RegisterRange | null = null): Promise<RegisterData> {
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      legalName: companies.legalName,
      ruc: companies.ruc,
      address: companies.address,
      country: companies.country,
      timezone: companies.timezone,
      closedAt: companies.closedAt,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new AppError('not_found', 'admin.companyNotFound');
  const tz = company.timezone;
  const rows = await db
    .select({
      id: attendanceRecords.id,
      employeeId: attendanceRecords.employeeId,
      firstName: employees.firstName,
      lastName: employees.lastName,
      documentType: employees.documentType,
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
      offlineIn: sql<boolean>`(${attendanceRecords.evidence} #> '{checkIn,offline}') is not null`,
      offlineOut: sql<boolean>`(${attendanceRecords.evidence} #> '{checkOut,offline}') is not null`,
    })
    .from(attendanceRecords)
    .innerJoin(employees, eq(employees.id, attendanceRecords.employeeId))
    .where(and(eq(attendanceRecords.companyId, companyId), ...inRange(range)))
    .orderBy(asc(attendanceRecords.date), asc(employees.lastName), asc(employees.firstName), asc(employees.id));
  const ids = [...new Set(rows.map((r) => r.employeeId))];
  // The read model's periods loader: from the one in effect on the first line's day onwards (a line before any
  // period reads the first one, as periodOn does).
  const byEmployee = rows.length ? await loadPeriods(db, companyId, ids, rows[0].date, '9999-12-31') : new Map<string, SchedulePeriod[]>();

  const changes = (await loadManualChanges(db, companyId)).filter((c) => changeInRange(c.date, range));
  const byRecord = changesByRecord(changes);
  const holidays = rows.length ? await loadHolidays(db, companyId, `${rows[0].date.slice(0, 7)}-01`, monthEnd(rows.at(-1)!.date.slice(0, 7))) : [];
  const holidayOf = (date: string, scheduleId: string | null | undefined) => holidays.find((h) => holidayApplies(h, date, scheduleId))?.name ?? null;
  const months = new Map<string, RegisterLine[]>();
  for (const r of rows) {
    const period = periodOn(byEmployee.get(r.employeeId) ?? [], r.date);
    const holiday = holidayOf(r.date, period?.scheduleId);
    // On a holiday no hour is inside the workday: split as on a rest day (decision 0037's rule without a shift).
    const schedule = holiday ? null : ((period?.schedule as Snapshot | null | undefined) ?? null);
    const line: RegisterLine = {
      employeeId: r.employeeId,
      worker: `${r.lastName}, ${r.firstName}`,
      documentType: r.documentType ?? null,
      document: r.document ?? '',
      code: r.code,
      date: r.date,
      // A permission's times are the schedule's (spec §5), not punches: the register prints none.
      checkIn: r.isPermission ? '' : localTime(r.checkIn, tz),
      checkOut: r.isPermission ? '' : localTime(r.checkOut, tz),
      ...registerHours(r, schedule, tz),
      manual: r.isManual,
      incomplete: r.incomplete,
      permission: r.isPermission,
      notes: r.notes ?? '',
      offline: { checkIn: r.offlineIn === true, checkOut: r.offlineOut === true },
      changes: byRecord.get(r.id) ?? [],
      holiday,
    };
    const month = r.date.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), line]);
  }
  addHolidayLines(months, holidays, byEmployee);
  const byWorker = (a: RegisterLine, b: RegisterLine) =>
    a.worker.localeCompare(b.worker, 'es') || a.employeeId.localeCompare(b.employeeId) || a.date.localeCompare(b.date);

  return {
    company,
    range,
    months: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, lines]) => ({ month, lines: lines.sort(byWorker) })),
    changes,
    chain: await chainHead(db, companyId),
  };
}

/**
 * A holiday of a month prints, for each worker of that month's register it applies to (active that day, holiday for
 * all or for their schedule) and who has no record that day, as a line of its own: no times, no hours, "Feriado".
 */
function addHolidayLines(
  months: Map<string, RegisterLine[]>,
  holidays: { name: string; date: string; isActive: boolean; applyToAll: boolean; scheduleIds: string[] }[],
  periods: Map<string, SchedulePeriod[]>,
) {
  for (const [month, lines] of months) {
    const workers = new Map(lines.map((l) => [l.employeeId, l]));
    const days = new Set(lines.map((l) => `${l.employeeId}|${l.date}`));
    for (const h of holidays) {
      if (!h.date.startsWith(month)) continue;
      for (const [id, w] of workers) {
        const period = periodOn(periods.get(id) ?? [], h.date);
        if (days.has(`${id}|${h.date}`) || (period && !period.active) || !holidayApplies(h, h.date, period?.scheduleId)) continue;
        days.add(`${id}|${h.date}`);
        lines.push({
          ...w,
          date: h.date,
          checkIn: '',
          checkOut: '',
          hours: null,
          outside: null,
          leave: null,
          open: false,
          manual: false,
          incomplete: false,
          permission: false,
          notes: '',
          offline: { checkIn: false, checkOut: false },
          changes: [],
          holiday: h.name,
        });
      }
    }
  }
}

/** The date filter of a range (none for the whole register). */
function inRange(range: RegisterRange | null): SQL[] {
  return range ? [gte(attendanceRecords.date, `${range.from}-01`), lte(attendanceRecords.date, monthEnd(range.to))] : [];
}
/** Manual changes of the range: those about a day inside it. */
function changeInRange(date: string, range: RegisterRange | null): boolean {
  return !range || (date >= `${range.from}-01` && date <= monthEnd(range.to));
}

/**
 * A line's hours by the one rule of decision 0037 (workSplit): worked, the part of it outside the shift, paid
 * leave apart. The stored workHours (what every screen shows) stays the hours worked; outside never exceeds it.
 */
export function registerHours(
  r: { date: string; checkIn: Date | null; checkOut: Date | null; isPermission: boolean; workHours: string | number | null },
  schedule: Snapshot | null,
  timezone: string,
): Pick<RegisterLine, 'hours' | 'outside' | 'leave' | 'open'> {
  const stored = r.workHours == null ? null : Number(r.workHours);
  const split = workSplit(r, schedule, r.date, timezone);
  if (r.isPermission) return { hours: 0, outside: 0, leave: split.leave ?? stored, open: false };
  const hours = stored ?? split.worked;
  const outside = split.outside == null || hours == null ? null : Math.min(hours, split.outside);
  return { hours: split.open ? null : hours, outside: split.open ? null : outside, leave: null, open: split.open };
}
