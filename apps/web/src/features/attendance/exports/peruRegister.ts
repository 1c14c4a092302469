import { isWorkDay, round2, shiftWindow } from '@presente/shared';
import { type CalendarDay, type CalendarRow, type CalendarSchedule, scheduleOn } from '../api';
import { localTime } from '../components/DayCell';

/**
 * "Registro de Control de Asistencia" (Peru): for each worker and day, hour and minutes of entry and
 * exit, hours worked and hours outside the workday. The rules are the shared ones (the shift window
 * of shiftWindow, the day status and hours the calendar computed with dayStatus and workHours).
 */
export interface RegisterLine {
  employeeName: string;
  documentNumber: string;
  date: string;
  checkIn: string;
  checkOut: string;
  /** Hours worked (workHours), null when not computable. */
  hours: number | null;
  /** Hours outside the workday, null without a schedule or a complete record. */
  outside: number | null;
  day: CalendarDay;
}

export interface RegisterWorker {
  row: CalendarRow;
  lines: RegisterLine[];
  totalHours: number;
  totalOutside: number;
}

/**
 * Time worked outside the workday: on a work day, the part of check-in..check-out before the shift
 * start plus the part after the shift end; on a rest day (a weekday the schedule does not work) or a
 * holiday, every hour worked. Null when the record is not complete or there is no schedule to compare with.
 * The rest day comes from the schedule, not from the day status: a record on a rest day is 'present'.
 */
export function hoursOutsideWorkday(
  day: CalendarDay,
  schedule: Pick<CalendarSchedule, 'startTime' | 'endTime' | 'workDays'> | null,
  timezone: string,
): number | null {
  const a = day.attendance;
  if (!a?.checkIn || !a.checkOut || !schedule) return null;
  const from = new Date(a.checkIn).getTime();
  const to = new Date(a.checkOut).getTime();
  if (!(to > from)) return null;
  if (a.isPermission) return 0;
  if (day.status === 'holiday' || !isWorkDay(schedule, day.date)) return day.workHours ?? round2((to - from) / 3_600_000);
  const { start, end } = shiftWindow(schedule, day.date, timezone);
  const before = Math.max(0, Math.min(to, start.getTime()) - from);
  const after = Math.max(0, to - Math.max(from, end.getTime()));
  return round2((before + after) / 3_600_000);
}

/** Which days go in the register: every day with a record, and absences and holidays without one. */
function listed(day: CalendarDay): boolean {
  return !!day.attendance || day.status === 'absent' || day.status === 'holiday';
}

export function registerWorkers(rows: CalendarRow[], timezone: string): RegisterWorker[] {
  return rows.map((row) => {
    const lines = row.days.filter(listed).map<RegisterLine>((day) => ({
      employeeName: row.employeeName,
      documentNumber: row.documentNumber ?? '',
      date: day.date,
      checkIn: localTime(day.attendance?.checkIn, timezone),
      checkOut: localTime(day.attendance?.checkOut, timezone),
      hours: day.workHours,
      outside: hoursOutsideWorkday(day, scheduleOn(row, day.date), timezone),
      day,
    }));
    const sum = (pick: (l: RegisterLine) => number | null) => round2(lines.reduce((n, l) => n + Math.max(0, pick(l) ?? 0), 0));
    return { row, lines, totalHours: sum((l) => l.hours), totalOutside: sum((l) => l.outside) };
  });
}

/** A duration in hours as "hh:mm" (8.5 -> "08:30"); empty for null. */
export function formatDuration(hours: number | null): string {
  if (hours == null) return '';
  const minutes = Math.round(hours * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
