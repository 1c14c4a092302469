import type { TFunction } from 'i18next';

/**
 * dd/mm/yyyy of an instant in the given timezone (spec §9). An unknown timezone falls back to UTC;
 * an unreadable date answers 'Fecha inválida', a missing one 'No disponible'.
 */
export function formatDayMonthYear(t: TFunction, iso: string | null | undefined, timezone: string): string {
  if (!iso) return t('common:display.notAvailable');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return t('common:display.invalidDate');
  const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timezone }).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).formatToParts(date);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** "3 / 10", or "3 / Ilimitado" when maxEmployees is -1. */
export function employeesUsage(t: TFunction, current: number, max: number): string {
  return `${current} / ${max === -1 ? t('dashboard:superAdmin.companies.unlimited') : max}`;
}
