import type { RecordSpan } from '@presente/shared';
import { and, eq, gte, lte, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { departments, employees, attendanceRecords as r, schedules } from '../../db/schema/index.js';
import { anyUuid } from '../../lib/sql.js';

/** The employee and schedule columns a calendar row needs (not the whole rows: 1,000 of them per page). */
export const pageColumns = {
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

/** A record as the rules read it (instants in ms) and as a cell shows it: `json`, the API's `attendance` object as JSON text. */
export interface CalendarRecord extends RecordSpan {
  json: string;
}

/** Text as JSON (control characters escaped, so never the separator below); null as `null`. */
const json = (value: SQLWrapper) => sql`coalesce(to_json(${value})::text, 'null')`;
/** An instant as the API writes it (toISOString's format: UTC, milliseconds truncated), as JSON: "…Z" or null. */
const iso = (column: SQLWrapper) => sql`coalesce('"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;
/** An instant as epoch milliseconds (truncated, like the text above), '' for null. */
const epochMs = (column: SQLWrapper) => sql`coalesce(floor(extract(epoch from ${column}) * 1000)::bigint::text, '')`;
const SEP = '\x1f';
const FIELDS = 7;
/** Employees per records query: on PostgreSQL the pool runs the chunks on several backends at once. */
const CHUNK = 250;

/**
 * The records of a page of employees in a month, by employee then day index (position in `days`).
 * Each query answers ONE text: per record, what the rules read (epoch ms of check-in and check-out, the
 * permission flag, the notes) and the API's `attendance` object already written as JSON by the database,
 * joined with a control character. A month of a 1,000-employee page is ~31k records: decoding 31k rows ×
 * 11 columns field by field (PGlite's protocol parser, the driver's Date parsing, drizzle's row mapping), or
 * writing 31k objects' JSON in JavaScript, cost more than the rest of the calendar; splitting one string
 * does not, and the pieces it yields are slices of that string, not copies (docs/decisions/0011-calendar-performance.md).
 */
export async function pageRecords(db: Db, companyId: string, days: string[], employeeIds: string[]) {
  // recordView's keys and order; every value JSON (booleans as true/false).
  const view = sql`concat('{"id":"', ${r.id}, '","checkIn":', ${iso(r.checkIn)}, ',"checkOut":', ${iso(r.checkOut)}, ',"status":', ${json(r.status)},
    ',"notes":', ${json(r.notes)}, ',"isPermission":', ${r.isPermission}::text, ',"method":', ${json(r.method)}, ',"isManual":', ${r.isManual}::text,
    ',"incomplete":', ${r.incomplete}::text, '}')`;
  const fields = [r.employeeId, sql`${r.date} - ${days[0]}::date`, epochMs(r.checkIn), epochMs(r.checkOut), sql`${r.isPermission}::text`, json(r.notes), view];
  const text = sql<string | null>`string_agg(concat_ws(${SEP}, ${sql.join(fields, sql`, `)}), ${SEP})`;
  const chunks: string[][] = [];
  for (let i = 0; i < employeeIds.length; i += CHUNK) chunks.push(employeeIds.slice(i, i + CHUNK));
  const byEmployee = new Map<string, (CalendarRecord | undefined)[]>();
  // Each answer is read as soon as it arrives, while the database still works on the other chunks.
  await Promise.all(
    chunks.map(async (ids) => {
      const [{ text: all }] = await db
        .select({ text })
        .from(r)
        .where(and(eq(r.companyId, companyId), gte(r.date, days[0]), lte(r.date, days[days.length - 1]), anyUuid(r.employeeId, ids)));
      if (all) readRecords(all, byEmployee);
    }),
  );
  return byEmployee;
}

/** Splits one answer of `pageRecords` into records, by employee then day index. */
function readRecords(all: string, byEmployee: Map<string, (CalendarRecord | undefined)[]>) {
  const f = all.split(SEP);
  for (let k = 0; k + FIELDS <= f.length; k += FIELDS) {
    let list = byEmployee.get(f[k]);
    if (!list) {
      list = [];
      byEmployee.set(f[k], list);
    }
    const checkIn = f[k + 2];
    const checkOut = f[k + 3];
    const notes = f[k + 5];
    list[Number(f[k + 1])] = {
      checkInMs: checkIn === '' ? null : Number(checkIn),
      checkOutMs: checkOut === '' ? null : Number(checkOut),
      isPermission: f[k + 4] === 'true',
      notes: notes === 'null' ? null : (JSON.parse(notes) as string),
      json: f[k + 6],
    };
  }
}
