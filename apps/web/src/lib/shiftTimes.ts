import { isNightShift } from '@presente/shared';

type ShiftTimes = { startTime: string; endTime: string };

/** A shift's end as listed: "06:00 (+1)" when it ends the next day (a night shift, the shared rule), else "17:00". */
export function formatShiftEnd(shift: ShiftTimes): string {
  return isNightShift(shift) ? `${shift.endTime} (+1)` : shift.endTime;
}

/** A shift's times as listed everywhere a schedule is shown: "08:00 - 17:00", "22:00 - 06:00 (+1)". */
export function formatShiftRange(shift: ShiftTimes): string {
  return `${shift.startTime} - ${formatShiftEnd(shift)}`;
}
