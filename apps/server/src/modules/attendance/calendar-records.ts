import type { RecordSpan } from '@presente/shared';
import { and, eq, gte, inArray, lte, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { departments, employees, attendanceRecords as r, schedules } from '../../db/schema/index.js';

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

/** A record as a calendar cell shows it (`view`, the API's `attendance`) and as the rules read it (instants in ms). */
export interface CalendarRecord extends RecordSpan {
  view: {
    id: string;
    checkIn: string | null;
    checkOut: string | null;
    status: string | null;
    notes: string | null;
    isPermission: boolean;
    method: string;
    isManual: boolean;
    incomplete: boolean;
  };
}

/** An instant as the API writes it (toISOString's format: UTC, milliseconds truncated), made by the database. */
const iso = (column: SQLWrapper) => sql`coalesce(to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;
/** Text as JSON (its control characters escaped, so never a separator below); '' for null. */
const json = (column: SQLWrapper) => sql`coalesce(to_json(${column})::text, '')`;
const FIELD = '\x1f';
const RECORD = '\x1e';
/** Employees per records query: on PostgreSQL the pool runs the chunks on several backends at once. */
const CHUNK = 250;

/**
 * The records of a page of employees in a month, by employee then day index (position in `days`).
 * Each query answers ONE text: the records joined with control characters (text fields as JSON).
 * A month of a 1,000-employee page is ~31k records, and decoding 31k rows × 11 columns field by field
 * (PGlite's protocol parser, the driver's Date parsing, drizzle's row mapping) cost more than the whole
 * rest of the calendar; splitting one string does not (docs/decisions/0009-calendar-performance.md).
 */
export async function pageRecords(db: Db, companyId: string, days: string[], employeeIds: string[]) {
  const fields = [
    r.employeeId,
    sql`${r.date} - ${days[0]}::date`,
    r.id,
    iso(r.checkIn),
    iso(r.checkOut),
    json(r.status),
    sql`${r.isPermission}::int`,
    json(r.method),
    sql`${r.isManual}::int`,
    sql`${r.incomplete}::int`,
    json(r.notes),
  ];
  const text = sql<string | null>`string_agg(concat_ws(${FIELD}, ${sql.join(fields, sql`, `)}), ${RECORD})`;
  const chunks: string[][] = [];
  for (let i = 0; i < employeeIds.length; i += CHUNK) chunks.push(employeeIds.slice(i, i + CHUNK));
  const answers = await Promise.all(
    chunks.map((ids) =>
      db
        .select({ text })
        .from(r)
        .where(and(eq(r.companyId, companyId), gte(r.date, days[0]), lte(r.date, days[days.length - 1]), inArray(r.employeeId, ids))),
    ),
  );
  const parsed = new Map<string, string>(); // statuses and methods repeat: parse each JSON text once
  const str = (v: string) => {
    if (!v) return null;
    let out = parsed.get(v);
    if (out === undefined) {
      out = JSON.parse(v) as string;
      parsed.set(v, out);
    }
    return out;
  };
  const byEmployee = new Map<string, (CalendarRecord | undefined)[]>();
  for (const [{ text: all }] of answers) {
    if (!all) continue;
    for (const line of all.split(RECORD)) {
      const [employeeId, day, id, checkIn, checkOut, status, isPermission, method, isManual, incomplete, notes] = line.split(FIELD);
      let list = byEmployee.get(employeeId);
      if (!list) {
        list = [];
        byEmployee.set(employeeId, list);
      }
      const view = {
        id,
        checkIn: checkIn || null,
        checkOut: checkOut || null,
        status: str(status),
        notes: notes ? (JSON.parse(notes) as string) : null,
        isPermission: isPermission === '1',
        method: str(method)!,
        isManual: isManual === '1',
        incomplete: incomplete === '1',
      };
      list[Number(day)] = {
        checkInMs: checkIn ? Date.parse(checkIn) : null,
        checkOutMs: checkOut ? Date.parse(checkOut) : null,
        isPermission: view.isPermission,
        notes: view.notes,
        view,
      };
    }
  }
  return byEmployee;
}
