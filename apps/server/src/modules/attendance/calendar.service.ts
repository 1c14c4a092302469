import {
  attendanceRate,
  createDayJudge,
  daySpan,
  daysBetween,
  emptyCounts,
  localToInstant,
  type monthlyCalendarQuery,
  monthRange,
  pagination,
  spanOf,
} from '@presente/shared';
import { and, eq, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import { companies, employees } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { ByteSlabs } from '../../lib/byte-slabs.js';
import { containsFolded } from '../../lib/sql.js';
import { recordChunks, selectPage } from './calendar-records.js';
import { rowWriter } from './calendar-rows.js';
import { loadCompanyPeriod } from './read-model/company-period.js';
import { loadHolidays } from './read-model/holidays.js';
import { loadPeriods } from './read-model/periods.js';

type Query = z.output<typeof monthlyCalendarQuery>;

/**
 * The monthly calendar (spec §3 monthly calendar entry): one row per employee of the page with every
 * day's status from the shared rules, answered as JSON bytes (`json`: the pieces of the rows' array, in order, which the route streams; 31k cells are written
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
    filters.push(containsFolded([sql`${employees.firstName} || ' ' || ${employees.lastName}`, employees.employeeCode, employees.email], q.employeeName));
  }
  if (q.departmentId === 'none') filters.push(isNull(employees.departmentId));
  else if (q.departmentId) filters.push(eq(employees.departmentId, q.departmentId));
  if (q.position) filters.push(eq(employees.position, q.position));
  const where = and(...filters);
  const days = daysBetween(start, end);

  const [page, [{ total }], hol] = await Promise.all([
    selectPage(ctx.db, where, q.limit, (q.page - 1) * q.limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(employees).where(where),
    loadHolidays(ctx.db, companyId, start, end),
  ]);
  // The ids as a list, not the page as a subquery: on fresh statistics the planner nests that subquery per record.
  const ids = page.map((e) => e.id);
  const periods = loadPeriods(ctx.db, companyId, ids, start, end);
  const write = rowWriter({
    days,
    start,
    timezone: company.timezone,
    holidays: hol,
    judge: createDayJudge({ days, timezone: company.timezone, now, holidays: hol }),
  });
  // Each chunk's rows are written as soon as its records arrive, while the database still works on the others.
  const chunks = recordChunks(ctx.db, companyId, days, ids);
  const out = chunks.map(() => new ByteSlabs());
  await Promise.all(
    chunks.map(async ({ from, to, records }, c) => {
      const [byEmployee, history] = await Promise.all([records, periods]);
      for (let k = from; k < to; k++) write(page[k], byEmployee.get(page[k].id), history, k === 0, out[c]);
    }),
  );
  if (!page.length) await periods;
  const json = out.flatMap((slabs) => slabs.pieces());
  json.push(Buffer.from(page.length ? ']' : '[]'));
  /** Once the answer has been sent: the slabs go back to their pool. */
  const release = () => {
    for (const slabs of out) slabs.release();
  };
  return { json, release, pagination: pagination(q.page, q.limit, total), timezone: company.timezone, month: q.month, year: q.year };
}

/**
 * Per-day totals of the company between two days (at most 62), for the weekly summary: every employee
 * active on at least one of those days (deleted ones too, up to their deletion), each day judged with the
 * rules of its period; days while inactive count as days off.
 */
export async function weeklySummary(ctx: Ctx, startDate: string, endDate: string, now = new Date()) {
  const companyId = requireCompany(ctx.actor);
  // The span is counted before any day is built (a year-9999 range once looped forever here).
  const span = daySpan(startDate, endDate);
  if (span < 1 || span > 62) throw new AppError('validation_failed', 'attendance.dateInvalid', {}, [{ path: 'endDate', message: 'attendance.dateInvalid' }]);
  const days = daysBetween(startDate, endDate);
  const period = await loadCompanyPeriod(ctx.db, companyId, startDate, endDate);
  const judge = createDayJudge({ days, timezone: period.timezone, now, holidays: period.holidays });
  const perDay = days.map(() => emptyCounts());
  let counted = 0;
  for (const e of period.employees) {
    const employee = judge.forEmployee(e.periods, e.activeFrom);
    if (!days.some((_, i) => employee.active(i))) continue;
    counted += 1;
    const mine = period.records.get(e.id);
    for (let i = 0; i < days.length; i++) {
      const r = mine?.get(days[i]);
      perDay[i][employee.status(i, r ? spanOf(r) : null)] += 1;
    }
  }
  const totals = emptyCounts();
  for (const d of perDay) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += d[k];
  return {
    days: perDay.map((counts, i) => ({ date: days[i], ...counts, attendanceRate: attendanceRate(counts) })),
    totals: { ...totals, attendanceRate: attendanceRate(totals) },
    employees: counted,
  };
}
