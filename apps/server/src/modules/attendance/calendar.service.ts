import {
  activeFromOf,
  attendanceRate,
  createDayJudge,
  daysBetween,
  emptyCounts,
  localToInstant,
  type monthlyCalendarQuery,
  monthRange,
  pagination,
  type RecordSpan,
  type SchedulePeriod,
  type ScheduleSnapshot,
  spanOf,
} from '@presente/shared';
import { and, asc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import { attendanceRecords, companies, departments, employees, holidaySchedules, holidays, schedules } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { likeEscape } from '../../lib/db-errors.js';
import { pageColumns, pageRecords } from './calendar-records.js';
import { loadPeriods, periodsOf } from './periods.js';

type Query = z.output<typeof monthlyCalendarQuery>;

type RecordRow = typeof attendanceRecords.$inferSelect;

export function recordView(r: RecordRow) {
  return {
    id: r.id,
    date: r.date,
    checkIn: r.checkIn?.toISOString() ?? null,
    checkOut: r.checkOut?.toISOString() ?? null,
    workHours: r.workHours == null ? null : Number(r.workHours),
    status: r.status,
    notes: r.notes,
    isPermission: r.isPermission,
    method: r.method,
    isManual: r.isManual,
    manualReason: r.manualReason,
    incomplete: r.incomplete,
    location: r.checkInLatitude != null ? { latitude: r.checkInLatitude, longitude: r.checkInLongitude } : null,
  };
}

/** Active holidays of a company in a range, with the schedules each applies to (two queries). */
export async function holidayFacts(db: Ctx['db'], companyId: string, start: string, end: string) {
  const rows = await db
    .select()
    .from(holidays)
    .where(and(eq(holidays.companyId, companyId), gte(holidays.date, start), lte(holidays.date, end)));
  const links = rows.length
    ? await db
        .select()
        .from(holidaySchedules)
        .where(
          inArray(
            holidaySchedules.holidayId,
            rows.map((h) => h.id),
          ),
        )
    : [];
  return rows.map((h) => ({
    name: h.name,
    description: h.description,
    date: h.date,
    isActive: h.isActive,
    applyToAll: h.applyToAll,
    scheduleIds: links.filter((l) => l.holidayId === h.id).map((l) => l.scheduleId),
  }));
}

/**
 * The monthly calendar (spec §3 monthly calendar entry): one row per employee of the page with every
 * day's status from the shared rules, answered as JSON bytes (`json`: the pieces of the rows' array, concatenated once by the route; 31k cells are written
 * as text, not built as objects and serialized), in the same few queries whatever the page size (page, total and
 * holidays at once, then the page's records as one text per employee); the rules run through `createDayJudge`,
 * which computes the (schedule, day) facts once (docs/decisions/0011-calendar-performance.md).
 */
export async function monthlyCalendar(ctx: Ctx, q: Query, now = new Date()) {
  const companyId = requireCompany(ctx.actor);
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, companyId), columns: { timezone: true } });
  if (!company) throw new AppError('not_found');
  const { start, end } = monthRange(q.year, q.month);

  // Employees deleted during or after the month still appear in it (their records are kept); not in later months.
  const filters: (SQL | undefined)[] = [
    eq(employees.companyId, companyId),
    or(isNull(employees.deletedAt), gte(employees.deletedAt, localToInstant(start, 0, company.timezone))),
  ];
  if (q.employeeId) filters.push(eq(employees.id, q.employeeId));
  if (q.employeeName) {
    const like = `%${likeEscape(q.employeeName)}%`;
    filters.push(
      or(ilike(sql`${employees.firstName} || ' ' || ${employees.lastName}`, like), ilike(employees.employeeCode, like), ilike(employees.email, like)),
    );
  }
  if (q.departmentId === 'none') filters.push(isNull(employees.departmentId));
  else if (q.departmentId) filters.push(eq(employees.departmentId, q.departmentId));
  if (q.position) filters.push(eq(employees.position, q.position));
  const where = and(...filters);
  const days = daysBetween(start, end);

  const [page, [{ total }], hol] = await Promise.all([
    ctx.db
      .select(pageColumns)
      .from(employees)
      .leftJoin(schedules, eq(schedules.id, employees.scheduleId))
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .where(where)
      .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(employees).where(where),
    holidayFacts(ctx.db, companyId, start, end),
  ]);
  // The ids as a list, not the page as a subquery: on fresh statistics the planner nests that subquery per record.
  const ids = page.map((e) => e.id);
  const [records, periods] = await Promise.all([pageRecords(ctx.db, companyId, days, ids), loadPeriods(ctx.db, companyId, ids, start, end)]);
  const judge = createDayJudge({ days, timezone: company.timezone, now, holidays: hol });
  // Per day, the start of a cell's JSON and, on a holiday, its tail (written once, not per employee).
  const cellHead = days.map((date) => `{"date":"${date}","status":"`);
  const holidayTail = days.map((date) => {
    const h = hol.find((x) => x.date === date);
    return h ? `,"holiday":${JSON.stringify({ name: h.name, description: h.description })}` : '';
  });

  // The rows' JSON: one template string per cell, joined and encoded once per row (31k cells are neither objects to
  // serialize nor one 9 MB string to measure and encode again on the way out).
  const rows: Buffer[] = [];
  const out: string[] = [];
  for (const { s, departmentName, ...e } of page) {
    // The rules of each day are those of the period that applied then (docs/decisions/0013-attendance-history.md).
    const history = periodsOf(periods, { ...e, schedule: s });
    const employee = judge.forEmployee(history, activeFromOf(e, company.timezone));
    const mine = records.get(e.id);
    const counts = emptyCounts();
    let totalHours = 0;
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
    out.push(rows.length ? ',' : '[', head.slice(0, -1), ',"periods":', periodsJson(history, start), ',"days":[');
    for (let i = 0; i < days.length; i++) {
      const record = mine?.[i] ?? null;
      const status = employee.status(i, record);
      counts[status] += 1;
      const hours = record ? employee.hours(i, record) : null;
      if (hours) totalHours += hours;
      // Statuses are fixed words, the attendance is JSON already (calendar-records.ts), hours a number or null.
      out.push(
        `${i ? ',' : ''}${cellHead[i]}${status}","attendance":${record ? record.json : 'null'},"workHours":${hours}${status === 'holiday' ? holidayTail[i] : ''}}`,
      );
    }
    const stats = { ...counts, attendanceRate: attendanceRate(counts), totalHours: Math.round(totalHours * 100) / 100 };
    out.push('],"stats":', JSON.stringify(stats), '}');
    rows.push(Buffer.from(out.join('')));
    out.length = 0;
  }
  rows.push(Buffer.from(rows.length ? ']' : '[]'));
  return { json: rows, pagination: pagination(q.page, q.limit, total), timezone: company.timezone, month: q.month, year: q.year };
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

/**
 * Per-day totals of the company between two days (at most 62), for the weekly summary: every employee
 * active on at least one of those days (deleted ones too, up to their deletion), each day judged with the
 * rules of its period; days while inactive count as days off.
 */
export async function weeklySummary(ctx: Ctx, startDate: string, endDate: string, now = new Date()) {
  const companyId = requireCompany(ctx.actor);
  const days = daysBetween(startDate, endDate);
  if (!days.length || days.length > 62)
    throw new AppError('validation_failed', 'attendance.dateInvalid', {}, [{ path: 'endDate', message: 'attendance.dateInvalid' }]);
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, companyId), columns: { timezone: true } });
  if (!company) throw new AppError('not_found');
  const rows = await ctx.db
    .select({ e: employees, s: schedules })
    .from(employees)
    .leftJoin(schedules, eq(schedules.id, employees.scheduleId))
    .where(and(eq(employees.companyId, companyId), or(isNull(employees.deletedAt), gte(employees.deletedAt, localToInstant(startDate, 0, company.timezone)))));
  const [records, hol, periods] = await Promise.all([
    ctx.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.companyId, companyId), gte(attendanceRecords.date, startDate), lte(attendanceRecords.date, endDate))),
    holidayFacts(ctx.db, companyId, startDate, endDate),
    loadPeriods(
      ctx.db,
      companyId,
      rows.map((r) => r.e.id),
      startDate,
      endDate,
    ),
  ]);
  const index = new Map(days.map((d, i) => [d, i]));
  const spans = new Map<string, (RecordSpan | undefined)[]>();
  for (const r of records) {
    const list = spans.get(r.employeeId) ?? [];
    list[index.get(r.date)!] = spanOf(r);
    spans.set(r.employeeId, list);
  }
  const judge = createDayJudge({ days, timezone: company.timezone, now, holidays: hol });
  const perDay = days.map(() => emptyCounts());
  let counted = 0;
  for (const { e, s } of rows) {
    const employee = judge.forEmployee(periodsOf(periods, { ...e, schedule: s }), activeFromOf(e, company.timezone));
    if (!days.some((_, i) => employee.active(i))) continue;
    counted += 1;
    const mine = spans.get(e.id);
    for (let i = 0; i < days.length; i++) perDay[i][employee.status(i, mine?.[i] ?? null)] += 1;
  }
  const totals = emptyCounts();
  for (const d of perDay) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += d[k];
  return {
    days: perDay.map((counts, i) => ({ date: days[i], ...counts, attendanceRate: attendanceRate(counts) })),
    totals: { ...totals, attendanceRate: attendanceRate(totals) },
    employees: counted,
  };
}
