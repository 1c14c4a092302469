import { addDays, type DayStatus, daysBetween, toLocal, workDateFor } from '@presente/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { attendanceRecords } from '../../db/schema/index.js';
import { loadDays, sumHours } from '../attendance/read-model/employee-days.js';
import { presentRecord } from '../attendance/read-model/record.js';
import { employeeCard, presentWorkInfo, scheduleView } from './presenters.js';
import { loadSelf } from './self.service.js';

const ATTENDED: DayStatus[] = ['present', 'early', 'late'];

/**
 * The employee's overview (spec §3 employee dashboard) in the company's timezone: hours today, in the
 * last 7 days and this month from the 1st, days attended this month (present/early/late by the shared
 * rules) and today's record. An open shift counts the hours worked so far.
 */
export async function employeeDashboard(ctx: Ctx, now = new Date()) {
  const self = await loadSelf(ctx.db, ctx.actor);
  const { timezone } = self.company;
  const today = toLocal(now, timezone).date;
  const workDate = workDateFor(now, self.schedule, timezone, self.company.openRecordGraceHours * 60);
  const monthStart = `${today.slice(0, 7)}-01`;
  const weekStart = addDays(today, -6);
  const from = [monthStart, weekStart, workDate].sort()[0];
  // The work date may be tomorrow (a shift starting just after midnight, checked in before it).
  const book = await loadDays(ctx.db, self, from, [today, workDate].sort()[1], now);
  const todayRecord = book.records.get(workDate) ?? null;
  const hoursOn = (date: string) => book.hours(date, date === workDate ? now : undefined);
  const monthDays = daysBetween(monthStart, today);
  return {
    employee: employeeCard(self),
    schedule: scheduleView(self.schedule),
    stats: {
      todayHours: sumHours([hoursOn(workDate)]),
      weeklyHours: sumHours(daysBetween(weekStart, today).map(hoursOn)),
      monthlyHours: sumHours(monthDays.map(hoursOn)),
      monthlyDays: monthDays.filter((date) => ATTENDED.includes(book.status(date))).length,
    },
    today: todayRecord ? { ...presentRecord(todayRecord, ctx.lang, 'employee', book.status(workDate)), workHours: book.hours(workDate) } : null,
    todayDate: workDate,
    timezone,
  };
}

/** Schedule, work location, department, position and company of the employee (spec §2 Schedule tab). */
export async function workInfo(ctx: Ctx) {
  return presentWorkInfo(await loadSelf(ctx.db, ctx.actor));
}

/** Years with this employee's records plus the current one (company timezone), newest first. */
export async function availableYears(ctx: Ctx, now = new Date()) {
  const self = await loadSelf(ctx.db, ctx.actor);
  const rows = await ctx.db
    .selectDistinct({ year: sql<number>`extract(year from ${attendanceRecords.date})::int` })
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.companyId, self.employee.companyId), eq(attendanceRecords.employeeId, self.employee.id)));
  const current = Number(toLocal(now, self.company.timezone).date.slice(0, 4));
  return [...new Set([current, ...rows.map((r) => Number(r.year))])].sort((a, b) => b - a);
}
