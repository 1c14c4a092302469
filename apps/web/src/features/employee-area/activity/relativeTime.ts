import type { TFunction } from 'i18next';
import { formatInstantDay } from '../../../components/DayInput';

/**
 * Spec §9 relative time: under 60 s in seconds, then minutes, hours, days up to 7, then the exact date
 * (dd/mm/yyyy in the company's timezone). A time slightly in the future (clock skew) counts as 0 s.
 */
export function relativeTime(t: TFunction, iso: string, now: Date, timezone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return t('common:display.invalidDate');
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return t('employee:employeeArea.relative.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('employee:employeeArea.relative.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('employee:employeeArea.relative.hours', { count: hours });
  const days = Math.floor(hours / 24);
  if (days <= 7) return t('employee:employeeArea.relative.days', { count: days });
  return formatInstantDay(date.toISOString(), timezone);
}
