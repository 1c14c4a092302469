import type { DayStatus } from '@presente/shared';
import {
  type Icon,
  IconBeach,
  IconCheck,
  IconClockExclamation,
  IconClockUp,
  IconFileCertificate,
  IconHourglassEmpty,
  IconMoon,
  IconX,
} from '@tabler/icons-react';

/** The spec's day statuses in legend order (§3 core day statuses plus pending). */
export const DAY_STATUSES: DayStatus[] = ['present', 'early', 'late', 'absent', 'permission', 'holiday', 'day_off', 'pending'];

/** Colour and icon of each day status, the same in the grid, the mobile cards and the legend. */
export const STATUS_STYLE: Record<DayStatus, { color: string; icon: Icon }> = {
  present: { color: 'teal', icon: IconCheck },
  early: { color: 'cyan', icon: IconClockUp },
  late: { color: 'orange', icon: IconClockExclamation },
  absent: { color: 'red', icon: IconX },
  permission: { color: 'violet', icon: IconFileCertificate },
  holiday: { color: 'grape', icon: IconBeach },
  day_off: { color: 'gray', icon: IconMoon },
  pending: { color: 'gray', icon: IconHourglassEmpty },
};

/**
 * The words a stored record or a punch answer may carry besides the day statuses (the kiosk's result, older
 * records): each takes the colour of the day status it means, so one word never shows in two colours.
 */
const RECORD_WORDS: Record<string, string> = {
  on_time: STATUS_STYLE.present.color,
  incomplete: 'yellow',
  sick_leave: STATUS_STYLE.permission.color,
  vacation: STATUS_STYLE.holiday.color,
  check_in: 'indigo',
  check_out: 'indigo',
  overtime: 'blue',
  half_day: 'yellow',
  remote: 'blue',
};

/** The one colour of a status word (day status or record word; gray when unknown), for badges everywhere. */
export function statusColor(status: string | null | undefined): string {
  if (!status) return 'gray';
  return (STATUS_STYLE as Record<string, { color: string }>)[status]?.color ?? RECORD_WORDS[status] ?? 'gray';
}

/** Background and text colours of a day cell (CSS variables of the Mantine palette). */
export function statusColors(status: DayStatus): { bg: string; fg: string } {
  const { color } = STATUS_STYLE[status];
  if (status === 'pending') return { bg: 'transparent', fg: 'var(--mantine-color-dimmed)' };
  if (status === 'day_off') return { bg: 'var(--mantine-color-gray-1)', fg: 'var(--mantine-color-gray-7)' };
  // The colour's text shade (theme.ts darkens it to read at 4.5:1 on its own light tints).
  return { bg: `var(--mantine-color-${color}-1)`, fg: `var(--mantine-color-${color}-text)` };
}

/** Spec §9 mobile calendar rate: (present + late) / total days of the month × 100, rounded. */
export function mobileRate(stats: { present: number; late: number }, totalDays: number): number {
  return totalDays === 0 ? 0 : Math.round(((stats.present + stats.late) / totalDays) * 100);
}
