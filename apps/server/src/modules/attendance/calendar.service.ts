import {
  activeFromOf,
  attendanceRate,
  countStatuses,
  createDayJudge,
  dayStatus,
  daysBetween,
  emptyCounts,
  type monthlyCalendarQuery,
  monthRange,
  pagination,
} from '@presente/shared';
import { and, asc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import { attendanceRecords, companies, departments, employees, holidaySchedules, holidays, schedules } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { likeEscape } from '../../lib/db-errors.js';
import { pageColumns, pageRecords } from './calendar-records.js';

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
 * day's status from the shared rules, answered as JSON text (`json`: the rows; 31k cells are written
 * as text, not built as objects and serialized), in the same few queries whatever the page size (page, total and
 * holidays at once, then the page's records as one text per employee); the rules run through `createDayJudge`,
 * which computes the (schedule, day) facts once (docs/decisions/0011-calendar-performance.md).
 */
export async function monthlyCalendar(ctx: Ctx, q: Query, now = new Date()) {
  const companyId = requireCompany(ctx.actor);
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, companyId), columns: { timezone: true } });
  if (!company) throw new AppError('not_found');
  const { start, end } = monthRange(q.year, q.month);

  const filters: (SQL | undefined)[] = [eq(employees.companyId, companyId), isNull(employees.deletedAt)];
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
  const records = await pageRecords(
    ctx.db,
    companyId,
    days,
    page.map((e) => e.id),
  );
  const judge = createDayJudge({ days, timezone: company.timezone, now, holidays: hol });
  // Per day, the start of a cell's JSON and, on a holiday, its tail (written once, not per employee).
  const cellHead = days.map((date) => `{"date":"${date}","status":"`);
  const holidayTail = days.map((date) => {
    const h = hol.find((x) => x.date === date);
    return h ? `,"holiday":${JSON.stringify({ name: h.name, description: h.description })}` : '';
  });

  // The rows' JSON: one template string per cell, joined once (31k cells are neither objects to serialize nor one growing string).
  const out: string[] = [];
  for (const { s, departmentName, ...e } of page) {
    const schedule = s?.isActive ? s : null;
    const employee = judge.forEmployee(schedule, e.scheduleId, activeFromOf(e, company.timezone));
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
    out.push(out.length ? ',' : '[', head.slice(0, -1), ',"days":[');
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
  }
  out.push(out.length ? ']' : '[]');
  return { json: out.join(''), pagination: pagination(q.page, q.limit, total), timezone: company.timezone, month: q.month, year: q.year };
}

/** Per-day totals of the company between two days (at most 62), for the weekly summary. */
export async function weeklySummary(ctx: Ctx, startDate: string, endDate: string, now = new Date()) {
  const companyId = requireCompany(ctx.actor);
  const days = daysBetween(startDate, endDate);
  if (!days.length || days.length > 62)
    throw new AppError('validation_failed', 'attendance.dateInvalid', {}, [{ path: 'endDate', message: 'attendance.dateInvalid' }]);
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, companyId), columns: { timezone: true } });
  const rows = await ctx.db
    .select({ e: employees, s: schedules })
    .from(employees)
    .leftJoin(schedules, eq(schedules.id, employees.scheduleId))
    .where(and(eq(employees.companyId, companyId), isNull(employees.deletedAt), eq(employees.status, 'ACTIVE')));
  const [records, hol] = await Promise.all([
    ctx.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.companyId, companyId), gte(attendanceRecords.date, startDate), lte(attendanceRecords.date, endDate))),
    holidayFacts(ctx.db, companyId, startDate, endDate),
  ]);
  const byKey = new Map(records.map((r) => [`${r.employeeId}|${r.date}`, r]));
  const perDay = days.map((date) => {
    const statuses = rows.map(({ e, s }) =>
      dayStatus({
        date,
        timezone: company!.timezone,
        now,
        schedule: s?.isActive ? s : null,
        scheduleId: e.scheduleId,
        record: byKey.get(`${e.id}|${date}`) ?? null,
        holidays: hol,
        activeFrom: activeFromOf(e, company!.timezone),
      }),
    );
    const counts = countStatuses(statuses);
    return { date, ...counts, attendanceRate: attendanceRate(counts) };
  });
  const totals = countStatuses(perDay.flatMap(() => []));
  for (const d of perDay) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += d[k];
  return { days: perDay, totals: { ...totals, attendanceRate: attendanceRate(totals) }, employees: rows.length };
}
