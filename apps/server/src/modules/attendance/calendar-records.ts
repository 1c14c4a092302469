import type { RecordSpan } from '@presente/shared';
import { and, asc, eq, gte, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { departments, employees, attendanceRecords as r, schedules } from '../../db/schema/index.js';
import { anyUuid } from '../../lib/sql.js';

/** The employee and schedule columns a calendar row needs (not the whole rows: 1,000 of them per page). */
const pageColumns = {
  id: employees.id,
  firstName: employees.firstName,
  lastName: employees.lastName,
  employeeCode: employees.employeeCode,
  documentNumber: employees.documentNumber,
  position: employees.position,
  departmentId: employees.departmentId,
  scheduleId: employees.scheduleId,
  status: employees.status,
  deletedAt: employees.deletedAt,
  hireDate: employees.hireDate,
  createdAt: employees.createdAt,
  departmentName: departments.name,
  s: {
    id: schedules.id,
    name: schedules.name,
    startTime: schedules.startTime,
    endTime: schedules.endTime,
    breakStartTime: schedules.breakStartTime,
    breakEndTime: schedules.breakEndTime,
    workDays: schedules.workDays,
    lateToleranceMinutes: schedules.lateToleranceMinutes,
    allowEarlyCheckIn: schedules.allowEarlyCheckIn,
    earlyCheckInMinutes: schedules.earlyCheckInMinutes,
    countActualTime: schedules.countActualTime,
    isActive: schedules.isActive,
  },
};

/**
 * An instant as exact epoch milliseconds (truncated, like the driver's Date and toISOString), '' for null.
 * `date_part` is a double: rounded to whole microseconds first (exact below 2^53), then divided as integers.
 * (`extract(epoch …)` is exact too, but numeric: several times the database's CPU for 31k records.)
 */
const epochMs = (column: SQLWrapper) => sql`coalesce((round(date_part('epoch', ${column}) * 1000000)::bigint / 1000)::text, '')`;
/** A short text column as is ('' for null); the values are the app's own words (status, method), never a separator. */
const word = (column: SQLWrapper) => sql`coalesce(${column}, '')`;
const SEP = '\x1f';
const FIELDS = 8;
/** Employees per records query: on PostgreSQL the pool runs the chunks on several backends at once. */
const CHUNK = 250;

/** One page of a company's employees with the columns above, in the calendar's order (last name, first name, id). */
export function selectPage(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select(pageColumns)
    .from(employees)
    .leftJoin(schedules, eq(schedules.id, employees.scheduleId))
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .where(where)
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
    .limit(limit)
    .offset(offset);
}

/** A page's employee as `selectPage` answers it. */
export type PageEmployee = Awaited<ReturnType<typeof selectPage>>[number];

/**
 * The records of a page of employees in a month, in chunks of the page (`from`..`to`, positions in
 * `employeeIds`), each answered by its own query: per employee ONE text of its records' fields (day index,
 * epoch ms of check-in and check-out, id, status, method, the three flags, the notes as JSON), joined with a
 * control character (`to_json` escapes them in notes, so the separator never occurs inside a value). A month
 * of a 1,000-employee page is ~31k records: decoding 31k rows × 11 columns field by field (PGlite's protocol
 * parser, the driver's Date parsing, drizzle's row mapping) cost more than the rest of the calendar, and so did
 * writing the records' JSON in the database (`to_char` and `concat` per record: 4× the database CPU of these
 * plain fields). On PostgreSQL the pool runs the chunks on several backends at once, and the caller writes a
 * chunk's rows while the others are still computed; `readRecords` splits one employee's text when its row is
 * written, so the pieces live only that long (docs/decisions/0011-calendar-performance.md).
 */
export function recordChunks(db: Db, companyId: string, days: string[], employeeIds: string[]) {
  const fields = [
    sql`${r.date} - ${days[0]}::date`,
    epochMs(r.checkIn),
    epochMs(r.checkOut),
    sql`${r.id}::text`,
    word(r.status),
    word(r.method),
    sql`concat(${r.isPermission}::int, ${r.isManual}::int, ${r.incomplete}::int)`,
    sql`coalesce(to_json(${r.notes})::text, 'null')`,
  ];
  const text = sql<string>`string_agg(concat_ws(${SEP}, ${sql.join(fields, sql`, `)}), ${SEP})`;
  const chunks: { from: number; to: number; records: Promise<Map<string, string>> }[] = [];
  for (let from = 0; from < employeeIds.length; from += CHUNK) {
    const to = Math.min(from + CHUNK, employeeIds.length);
    const records = db
      .select({ employeeId: r.employeeId, text })
      .from(r)
      .where(and(eq(r.companyId, companyId), gte(r.date, days[0]), lte(r.date, days[days.length - 1]), anyUuid(r.employeeId, employeeIds.slice(from, to))))
      .groupBy(r.employeeId)
      .then((rows) => new Map(rows.map((row) => [row.employeeId, row.text])));
    chunks.push({ from, to, records });
  }
  return chunks;
}

/** `,"status":…,"notes":` by the record's status word (the app's own few values), written once each. */
const statusNotes = new Map<string, string>();
/** The attendance object's tail after the notes, by method word and then the three flags (8 combinations). */
const flagTails = new Map<string, string[]>();
const bit = (flags: string, i: number) => flags.charCodeAt(i) === 49; // '1'

function statusAndNotes(status: string): string {
  let text = statusNotes.get(status);
  if (text === undefined) {
    text = `,"status":${status ? JSON.stringify(status) : 'null'},"notes":`;
    statusNotes.set(status, text);
  }
  return text;
}

function flagTail(method: string, flags: string): string {
  let tails = flagTails.get(method);
  if (tails === undefined) {
    const m = method ? JSON.stringify(method) : 'null';
    tails = Array.from({ length: 8 }, (_, n) => `,"isPermission":${(n & 4) > 0},"method":${m},"isManual":${(n & 2) > 0},"incomplete":${(n & 1) > 0}}`);
    flagTails.set(method, tails);
  }
  return tails[(bit(flags, 0) ? 4 : 0) + (bit(flags, 1) ? 2 : 0) + (bit(flags, 2) ? 1 : 0)];
}

const DAY_MS = 86_400_000;
const THREE_Z = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(3, '0')}Z"`);
/** JSON's opening quote and the date of a UTC day ('"2026-03-01T'), by day number: a month's records meet ~33 of them. */
const dayText = new Map<number, string>();
/** 'HH:MM:SS.' by second of the day, written when first met (check-ins cluster in a few hours). */
const secondText: (string | undefined)[] = Array.from({ length: 86_400 });

/**
 * An instant as JSON, as toISOString writes it ("…Z"), or null, from three table entries: the UTC day's date
 * (toISOString once per day, not per record: the calendar writes an employee's days one after the other, so a
 * "last day" cache missed on every record), the second of the day, the milliseconds with the closing 'Z"'.
 * 62k instants per 1,000-employee month (docs/decisions/0011-calendar-performance.md).
 */
export function isoJson(ms: number | null): string {
  if (ms === null) return 'null';
  const day = Math.floor(ms / DAY_MS);
  let date = dayText.get(day);
  if (date === undefined) {
    if (dayText.size >= 4096) dayText.clear();
    date = `"${new Date(day * DAY_MS).toISOString().slice(0, -13)}`;
    dayText.set(day, date);
  }
  // The time of day in int32 arithmetic (`%` on doubles is a call to fmod).
  const t = (ms - day * DAY_MS) | 0;
  const second = (t / 1000) | 0;
  let time = secondText[second];
  if (time === undefined) {
    time = new Date(second * 1000).toISOString().slice(11, 20);
    secondText[second] = time;
  }
  return date + time + THREE_Z[t % 1000];
}

/** One employee's records as `recordChunks` answers them: the fields, and where each day's record starts (-1: none). */
export interface EmployeeRecords {
  f: string[];
  at: Int32Array;
}

/** Splits one employee's text (or none) into `into` (reused per row: its `at` has one slot per day). */
export function readRecords(text: string | undefined, into: EmployeeRecords): EmployeeRecords {
  into.at.fill(-1);
  if (!text) {
    into.f = [];
    return into;
  }
  into.f = text.split(SEP);
  for (let k = 0; k + FIELDS <= into.f.length; k += FIELDS) into.at[Number(into.f[k])] = k;
  return into;
}

/** The rules' view of the record at field `k` (`span` is reused: the judge keeps nothing). */
export function spanAt(f: string[], k: number, span: RecordSpan): RecordSpan {
  span.checkInMs = f[k + 1] === '' ? null : Number(f[k + 1]);
  span.checkOutMs = f[k + 2] === '' ? null : Number(f[k + 2]);
  span.isPermission = bit(f[k + 6], 0);
  span.notes = f[k + 7] === 'null' ? null : (JSON.parse(f[k + 7]) as string);
  return span;
}

/** The API's `attendance` object of the record at field `k` as JSON (presentRecord's keys and order, without workHours, manualReason and location), from table entries. */
export function attendanceJson(f: string[], k: number, span: RecordSpan): string {
  return `{"id":"${f[k + 3]}","checkIn":${isoJson(span.checkInMs)},"checkOut":${isoJson(span.checkOutMs)}${statusAndNotes(f[k + 4])}${f[k + 7]}${flagTail(f[k + 5], f[k + 6])}`;
}
