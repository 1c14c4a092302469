import { schemaResolver } from '@mantine/form';
import { HHMM, isNightShift, manualAttendanceForm, parseHhmm } from '@presente/shared';
import { shownNote } from '../../../lib/notes';
import type { AttendanceBody, CalendarAttendance, CalendarSchedule } from '../api';
import { localTime } from './DayCell';

/** The day modal's fields: times are local "HH:mm" in the company's timezone; date "YYYY-MM-DD" or null. */
export interface DayFormValues {
  employeeId: string;
  date: string | null;
  checkIn: string;
  checkOut: string;
  notes: string;
  isPermission: boolean;
  /** A permission without pay; null while an existing record's value is not loaded yet (then it is not sent). */
  unpaid: boolean | null;
  reason: string;
}

export function initialDayValues(employeeId: string, date: string, record: CalendarAttendance | null, timezone: string): DayFormValues {
  return {
    employeeId,
    date,
    checkIn: localTime(record?.checkIn, timezone),
    checkOut: localTime(record?.checkOut, timezone),
    // A system-made note ('Permiso justificado') in the reader's language (walk-through finding 13).
    notes: shownNote(record?.notes) ?? '',
    isPermission: record?.isPermission ?? false,
    unpaid: record ? (record.permissionUnpaid ?? null) : false,
    // Every change needs its own reason (it goes to the audit trail), so it always starts empty.
    reason: '',
  };
}

const resolve = schemaResolver(manualAttendanceForm, { sync: true });

/**
 * The shared schema's messages (keys of the shared catalogue). The check-in rule is reported together
 * with the field errors: zod runs object rules only once every field passes. A check-out not after the
 * check-in is refused unless the schedule is a night shift (then it is the next morning), as the server does.
 */
export function validateDay(values: DayFormValues, schedule: Pick<CalendarSchedule, 'startTime' | 'endTime'> | null = null): Record<string, string> {
  const errors = resolve({ ...values, date: values.date ?? undefined }) as Record<string, string>;
  if (!values.isPermission && !values.checkIn.trim() && !errors.checkIn) errors.checkIn = 'attendance.checkInRequired';
  const checkIn = values.checkIn.trim();
  const checkOut = values.checkOut.trim();
  const nightShift = !!schedule && isNightShift(schedule);
  if (!errors.checkOut && !nightShift && HHMM.test(checkIn) && HHMM.test(checkOut) && parseHhmm(checkOut) <= parseHhmm(checkIn)) {
    errors.checkOut = 'attendance.checkOutBeforeIn';
  }
  return errors;
}

/**
 * Spec §4: a justified permission takes the schedule's start and end as check-in and check-out, and the
 * note 'Permiso justificado' unless one was written. Turning it off leaves the values to edit.
 */
export function permissionValues(values: DayFormValues, on: boolean, schedule: CalendarSchedule | null, defaultNote: string): Partial<DayFormValues> {
  if (!on) return { isPermission: false };
  return {
    isPermission: true,
    checkIn: schedule?.startTime ?? values.checkIn,
    checkOut: schedule?.endTime ?? values.checkOut,
    notes: values.notes.trim() ? values.notes : defaultNote,
  };
}

export function dayBody(values: DayFormValues): AttendanceBody {
  return {
    employeeId: values.employeeId,
    date: values.date ?? '',
    checkIn: values.checkIn.trim() || null,
    checkOut: values.checkOut.trim() || null,
    notes: values.notes.trim() || null,
    isPermission: values.isPermission,
    ...(values.isPermission && values.unpaid !== null ? { unpaid: values.unpaid } : {}),
    reason: values.reason.trim(),
  };
}
