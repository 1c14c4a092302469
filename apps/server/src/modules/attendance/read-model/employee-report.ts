import { type AttendanceReport, attendanceRate, countStatuses, daysBetween, type Language, type ReportLineAnswer, toLocal } from '@presente/shared';
import { type Ctx, requireCompany } from '../../../context.js';
import type { Db } from '../../../db/client.js';
import { type DaySubject, hoursSummary, loadDays, loadSubject, sumHours } from './employee-days.js';
import { presentRecord, type Reader } from './record.js';

/**
 * One employee's report over a period (spec §3 "Report"), the one computation behind the admin's report and its
 * exports and the employee's own report (issue 20 item 2): every day judged by the rules of its day (the DayBook:
 * records, holidays, schedule periods); the records with their status and hours; the days counted up to today in
 * the company's timezone (a day still to come counts for nothing yet, walk-through finding 7); hours worked apart
 * from a permission's paid leave (decision 0037); the spec §9 rate; each record's holiday and the average hours per
 * day with hours (decision 0055, the employee's screen and export).
 */
export async function employeeReport(
  db: Db,
  subject: DaySubject,
  startDate: string,
  endDate: string,
  opts: { lang: Language; reader: Reader; now?: Date },
): Promise<AttendanceReport> {
  const now = opts.now ?? new Date();
  const { timezone } = subject.company;
  const book = await loadDays(db, subject, startDate, endDate, now);
  const today = toLocal(now, timezone).date;
  const days = daysBetween(startDate, endDate);
  const attendances = [...book.records.values()]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map<ReportLineAnswer>((r) => {
      const status = book.status(r.date);
      return { record: presentRecord(r, opts.lang, opts.reader, status), status, hours: book.hours(r.date), holiday: book.holiday(r.date) };
    });
  const counts = countStatuses(days.filter((date) => date <= today).map((date) => book.status(date)));
  const leave = (l: ReportLineAnswer) => l.status === 'permission' || l.record.isPermission;
  const { workedDays, averageHoursPerDay } = hoursSummary(attendances.map((l) => l.hours));
  const e = subject.employee;
  return {
    employee: {
      id: e.id,
      firstName: e.firstName,
      lastName: e.lastName,
      employeeCode: e.employeeCode,
      email: e.email,
      position: e.position,
      department: subject.department?.name ?? null,
    },
    startDate,
    endDate,
    timezone,
    attendances,
    counts,
    presentDays: counts.present,
    earlyDays: counts.early,
    lateDays: counts.late,
    absentDays: counts.absent,
    permissionDays: counts.permission,
    holidayDays: counts.holiday,
    dayOffDays: counts.day_off,
    totalHours: sumHours(attendances.filter((l) => !leave(l)).map((l) => l.hours)),
    leaveHours: sumHours(attendances.filter(leave).map((l) => l.hours)),
    workedDays,
    averageHoursPerDay,
    attendanceRate: attendanceRate(counts),
  };
}

/** GET /employees/{id}/report: the admin's report of an employee of their company (another company's: not found). */
export async function companyEmployeeReport(ctx: Ctx, employeeId: string, q: { startDate: string; endDate: string }) {
  const subject = await loadSubject(ctx.db, requireCompany(ctx.actor), employeeId);
  return employeeReport(ctx.db, subject, q.startDate, q.endDate, { lang: ctx.lang, reader: 'admin' });
}
