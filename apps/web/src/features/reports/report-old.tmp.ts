// @ts-nocheck: the browser report before issue 20 moved it to the server, kept for one commit to compare old with new.
import {
  activeFromOf,
  attendanceRate,
  countStatuses,
  createDayJudge,
  currentPeriod,
  type DayStatus,
  daysBetween,
  monthRange,
  round2,
  type StatusCounts,
  spanOf,
  toLocal,
} from '@presente/shared';
type ReportRecord = any; type ReportSource = any;

export type ReportPeriod = 'monthly' | 'annual';

/** First and last day of the chosen month, or of the whole year. */
export function periodRange(period: ReportPeriod, year: number, month: number): { start: string; end: string } {
  return period === 'annual' ? { start: `${year}-01-01`, end: `${year}-12-31` } : monthRange(year, month);
}

export interface ReportLine {
  record: ReportRecord;
  status: DayStatus;
  /** Hours by the shared rule; null when not computable. */
  hours: number | null;
}

/** Spec §3 "Report (computed locally)". */
export interface EmployeeReport {
  employee: ReportSource['employee'];
  period: ReportPeriod;
  startDate: string;
  endDate: string;
  attendances: ReportLine[];
  counts: StatusCounts;
  presentDays: number;
  earlyDays: number;
  lateDays: number;
  absentDays: number;
  permissionDays: number;
  holidayDays: number;
  dayOffDays: number;
  /** Hours worked: a justified permission's hours are paid leave, summed apart in leaveHours (decision 0037). */
  totalHours: number;
  leaveHours: number;
  /** Spec §9: (present+early+late+permission) / (that + absent); holidays and days off excluded. */
  attendanceRate: number;
}

/**
 * The report of one employee for a period, with the same rules the API applies (createDayJudge over the
 * employee's schedule periods, countStatuses, attendanceRate): every day gets a status by the rules of its
 * day; hours add up only when ≥ 0.
 */
export function computeReport(
  source: ReportSource,
  period: ReportPeriod,
  startDate: string,
  endDate: string,
  timezone: string,
  now = new Date(),
): EmployeeReport {
  const days = daysBetween(startDate, endDate);
  const periods = source.periods?.length
    ? source.periods
    : [currentPeriod({ active: source.employee.status === 'ACTIVE', scheduleId: source.employee.scheduleId, schedule: source.schedule })];
  // Each day by the rules that applied that day (decision 0013), as the server's calendar judges it.
  const judge = createDayJudge({ days, timezone, now, holidays: source.holidays }).forEmployee(periods, activeFromOf(source.employee, timezone));
  const byDate = new Map(source.records.map((r) => [r.date, r]));
  const statuses = new Map<string, DayStatus>();
  days.forEach((date, i) => {
    const record = byDate.get(date);
    statuses.set(date, judge.status(i, record ? spanOf(record) : null));
  });
  const attendances = source.records
    .filter((r) => r.date >= startDate && r.date <= endDate)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map<ReportLine>((record) => ({ record, status: statuses.get(record.date) ?? 'present', hours: judge.hours(days.indexOf(record.date), spanOf(record)) }));
  // Days still to come count for nothing yet, a known holiday included (walk-through finding 7), as the
  // employee's own stats count: only up to today in the company's timezone.
  const today = toLocal(now, timezone).date;
  const counts = countStatuses(days.filter((date) => date <= today).map((date) => statuses.get(date)!));
  const sum = (lines: ReportLine[]) => round2(lines.reduce((n, l) => n + (l.hours != null && l.hours >= 0 ? l.hours : 0), 0));
  const leave = (l: ReportLine) => l.status === 'permission' || l.record.isPermission;
  const totalHours = sum(attendances.filter((l) => !leave(l)));
  const leaveHours = sum(attendances.filter(leave));
  return {
    employee: source.employee,
    period,
    startDate,
    endDate,
    attendances,
    counts,
    presentDays: counts.present,
    earlyDays: counts.early,
    lateDays: counts.late,
    absentDays: counts.absent,
    permissionDays: counts.permission,
    holidayDays: counts.holiday,
    dayOffDays: counts.day_off,
    totalHours,
    leaveHours,
    attendanceRate: attendanceRate(counts),
  };
}
