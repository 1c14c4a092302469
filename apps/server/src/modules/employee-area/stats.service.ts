import { addDays, attendanceRate, countStatuses, daysBetween, monthRange, toLocal } from '@presente/shared';
import type { Ctx } from '../../context.js';
import { hoursSummary, loadDays, sumHours } from '../attendance/read-model/employee-days.js';
import { presentRecord } from '../attendance/read-model/record.js';
import { loadSelf } from './self.service.js';

export type StatsPeriod = 'week' | 'month' | 'year';

/** The local days a period covers, never past today (spec §4: employee stats count only days up to today). */
export function periodRange(period: StatsPeriod, today: string, pick: { year?: number; month?: number } = {}) {
  const [ty, tm] = today.split('-').map(Number);
  let start: string;
  let end: string;
  if (period === 'week') {
    start = addDays(today, -6);
    end = today;
  } else if (period === 'year') {
    const y = pick.year ?? ty;
    start = `${y}-01-01`;
    end = `${y}-12-31`;
  } else {
    ({ start, end } = monthRange(pick.year ?? ty, pick.month ?? tm));
  }
  return { start, end: end < today ? end : today };
}

/**
 * Counts per day status (shared rules), total hours and the attendance rate (spec §9) of the employee
 * over a period: the last 7 days, a month from the 1st, or a year from 1 January, each up to today.
 */
export async function attendanceStats(ctx: Ctx, q: { period: StatsPeriod; year?: number; month?: number }, now = new Date()) {
  const self = await loadSelf(ctx.db, ctx.actor);
  const today = toLocal(now, self.company.timezone).date;
  const { start, end } = periodRange(q.period, today, q);
  const days = start <= end ? daysBetween(start, end) : [];
  const book = days.length ? await loadDays(ctx.db, self, start, end, now) : null;
  const statuses = days.map((date) => book!.status(date));
  const hours = days.map((date) => book!.hours(date));
  const counts = countStatuses(statuses);
  const { totalHours, workedDays, averageHoursPerDay } = hoursSummary(hours);
  return {
    period: q.period,
    startDate: start,
    endDate: days.length ? end : null,
    daysEvaluated: days.length,
    counts,
    totalHours,
    workedDays,
    averageHoursPerDay,
    attendanceRate: attendanceRate(counts),
    timezone: self.company.timezone,
    // Extension (decision 0036): the year's hours month by month, for the employee's chart.
    ...(q.period === 'year' ? { months: hoursByMonth(days, hours) } : {}),
  };
}

/** Hours and worked days of each month that has a day in `days` (in order); a month with no worked day has 0 hours. */
export function hoursByMonth(days: string[], hours: (number | null)[]) {
  const months = new Map<number, { month: number; totalHours: number; workedDays: number; hours: (number | null)[] }>();
  days.forEach((date, i) => {
    const month = Number(date.slice(5, 7));
    const m = months.get(month) ?? { month, totalHours: 0, workedDays: 0, hours: [] };
    m.hours.push(hours[i]);
    if (hours[i] != null) m.workedDays += 1;
    months.set(month, m);
  });
  return [...months.values()].map(({ month, workedDays, hours: h }) => ({ month, totalHours: sumHours(h), workedDays }));
}

/** Every day of a month with its status, record and hours (spec §7 attendance/calendar: days[]). */
export async function attendanceCalendar(ctx: Ctx, q: { month?: number; year?: number }, now = new Date()) {
  const self = await loadSelf(ctx.db, ctx.actor);
  const today = toLocal(now, self.company.timezone).date;
  const [ty, tm] = today.split('-').map(Number);
  const year = q.year ?? ty;
  const month = q.month ?? tm;
  const { start, end } = monthRange(year, month);
  const book = await loadDays(ctx.db, self, start, end, now);
  const days = daysBetween(start, end).map((date) => {
    const record = book.records.get(date) ?? null;
    const status = book.status(date);
    return {
      date,
      status,
      record: record ? presentRecord(record, ctx.lang, 'employee', status) : null,
      workHours: book.hours(date),
      holiday: book.holiday(date),
    };
  });
  const counted = days.filter((d) => d.date <= today);
  const counts = countStatuses(counted.map((d) => d.status));
  return {
    year,
    month,
    timezone: self.company.timezone,
    days,
    stats: { ...counts, attendanceRate: attendanceRate(counts), totalHours: sumHours(counted.map((d) => d.workHours)) },
  };
}
