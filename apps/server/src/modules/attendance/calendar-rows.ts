import {
  activeFromOf,
  attendanceRate,
  type createDayJudge,
  type DayStatus,
  emptyCounts,
  type RecordSpan,
  type SchedulePeriod,
  type ScheduleSnapshot,
} from '@presente/shared';
import type { ByteSlabs } from '../../lib/byte-slabs.js';
import { attendanceJson, type EmployeeRecords, type PageEmployee, readRecords, spanAt } from './calendar-records.js';
import type { HolidayRow } from './read-model/holidays.js';
import { periodsOf } from './read-model/periods.js';

interface RowContext {
  days: string[];
  /** The month's first day. */
  start: string;
  timezone: string;
  holidays: HolidayRow[];
  judge: ReturnType<typeof createDayJudge>;
}

/**
 * Writes calendar rows (spec §3 monthly calendar entry) as JSON bytes: three table-made pieces per cell (statuses are
 * fixed words, the record's fields slices of the database's text, instants from tables), joined once per row and
 * encoded into slabs; names, stats and holidays through JSON.stringify. 31k cells are neither objects to serialize nor
 * one 9 MB string to measure and encode again on the way out (docs/decisions/0011-calendar-performance.md).
 */
export function rowWriter({ days, start, timezone, holidays, judge }: RowContext) {
  // Per day and status, the start of a cell's JSON up to its attendance; on a holiday, the cell's tail after the
  // hours (written once per calendar, not per employee: a cell is then three pieces, not a dozen).
  const cellOpen = days.map((date, i) => {
    const open = {} as Record<DayStatus, string>;
    for (const status of Object.keys(emptyCounts()) as DayStatus[]) open[status] = `${i ? ',' : ''}{"date":"${date}","status":"${status}","attendance":`;
    return open;
  });
  const holidayTail = days.map((date) => {
    const h = holidays.find((x) => x.date === date);
    return h ? `,"holiday":${JSON.stringify({ name: h.name, description: h.description })}}` : '}';
  });
  // Reused for every row: the pieces of its JSON (joined once), its records by day, the rules' view of one record.
  const parts: string[] = [];
  const mine: EmployeeRecords = { f: [], at: new Int32Array(days.length) };
  const span: RecordSpan = { checkInMs: null, checkOutMs: null, isPermission: false, notes: null };

  /** Writes one employee's row into `out`; `first` opens the array, the others start with a comma. `records`: its text from recordChunks. */
  return function write(
    { s, departmentName, ...e }: PageEmployee,
    records: string | undefined,
    periods: Map<string, SchedulePeriod[]>,
    first: boolean,
    out: ByteSlabs,
  ): void {
    // The rules of each day are those of the period that applied then (docs/decisions/0013-attendance-history.md).
    const history = periodsOf(periods, { ...e, schedule: s });
    const employee = judge.forEmployee(history, activeFromOf(e, timezone));
    const { f, at } = readRecords(records, mine);
    const counts = emptyCounts();
    let totalHours = 0;
    // A justified permission is paid leave, not work (decision 0037): its hours are summed apart.
    let leaveHours = 0;
    const head = JSON.stringify({
      employeeId: e.id,
      employeeName: `${e.firstName} ${e.lastName}`,
      employeeCode: e.employeeCode,
      documentNumber: e.documentNumber,
      position: e.position,
      department: e.departmentId ? { id: e.departmentId, name: departmentName } : null,
      schedule: s
        ? {
            id: s.id,
            name: s.name,
            startTime: s.startTime,
            endTime: s.endTime,
            breakStartTime: s.breakStartTime,
            breakEndTime: s.breakEndTime,
            workDays: s.workDays,
          }
        : null,
    });
    parts.push(first ? '[' : ',', head.slice(0, -1), ',"periods":', periodsJson(history, start), ',"days":[');
    // A cell is three pieces (its start per day and status, the attendance object, its tail), joined once per row.
    for (let i = 0; i < days.length; i++) {
      const k = at[i];
      const record = k < 0 ? null : spanAt(f, k, span);
      const status = employee.status(i, record);
      counts[status] += 1;
      let hours: number | null = null;
      if (record) {
        hours = employee.hours(i, record);
        if (hours && status === 'permission') leaveHours += hours;
        else if (hours) totalHours += hours;
      }
      const attendance = record ? attendanceJson(f, k, record) : 'null';
      parts.push(cellOpen[i][status] + attendance + (status === 'holiday' ? `,"workHours":${hours}${holidayTail[i]}` : hoursTail(hours)));
    }
    const stats = {
      ...counts,
      attendanceRate: attendanceRate(counts),
      totalHours: Math.round(totalHours * 100) / 100,
      leaveHours: Math.round(leaveHours * 100) / 100,
    };
    parts.push('],"stats":', JSON.stringify(stats), '}');
    out.write(parts.join(''));
    parts.length = 0;
  };
}

/** `,"workHours":…}` by hundredths of an hour (the rules round hours to 2 decimals), up to 48 h; past that, written. */
const HOURS_TAIL = Array.from({ length: 4801 }, (_, i) => `,"workHours":${i / 100}}`);
export function hoursTail(hours: number | null): string {
  if (hours === null) return ',"workHours":null}';
  const i = Math.round(hours * 100);
  return i >= 0 && i <= 4800 && i / 100 === hours ? HOURS_TAIL[i] : `,"workHours":${hours}}`;
}

/** A period's schedule as the calendar row shows it, as JSON text; written once per snapshot object (loadPeriods interns them). */
const scheduleJsonMemo = new WeakMap<object, string>();
function scheduleJson(p: SchedulePeriod): string {
  const s = p.schedule as ScheduleSnapshot | null;
  if (!s) return 'null';
  let json = scheduleJsonMemo.get(s);
  if (json === undefined) {
    json = JSON.stringify({
      id: p.scheduleId,
      name: s.name,
      startTime: s.startTime,
      endTime: s.endTime,
      breakStartTime: s.breakStartTime ?? null,
      breakEndTime: s.breakEndTime ?? null,
      workDays: s.workDays,
    });
    scheduleJsonMemo.set(s, json);
  }
  return json;
}

/**
 * What applied to a row during the month, oldest first, as JSON text: from which day, active or not, and
 * the schedule's times then (the Peru register compares each day with its own shift). The first starts
 * on the 1st. `history` is loadPeriods' answer (the period in effect on the 1st, then the month's changes).
 */
function periodsJson(history: SchedulePeriod[], start: string): string {
  let json = '[';
  for (let i = 0; i < history.length; i++) {
    const p = history[i];
    if (i + 1 < history.length && history[i + 1].validFrom <= start) continue; // replaced before the 1st
    json += `${json.length > 1 ? ',' : ''}{"from":"${p.validFrom > start ? p.validFrom : start}","active":${p.active},"schedule":${scheduleJson(p)}}`;
  }
  return `${json}]`;
}
