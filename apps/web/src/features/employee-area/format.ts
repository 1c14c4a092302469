import type { TFunction } from 'i18next';
import { formatDay, formatInstantDay } from '../../components/DayInput';

/** A wall-clock time of an instant in the company's timezone, 24 h ("08:05", with seconds for the clock). */
export function timeIn(date: Date, timezone: string, withSeconds = false): string {
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(withSeconds ? { second: '2-digit' } : {}) };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timezone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(date);
  }
}

/** "lunes, 4 de mayo de 2026" / "Monday, May 4, 2026" in the company's timezone, in the UI language. */
export function longDateIn(date: Date, timezone: string, lang: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
  const locale = lang.startsWith('en') ? 'en-US' : 'es-PE';
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timezone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
  }
}

/** Spec §8 display rules: missing values 'No disponible', unreadable dates 'Fecha inválida'. */
export function isMissing(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** An ISO instant as HH:mm in the timezone; '—'-free: missing and invalid get the spec's words. */
export function displayTime(t: TFunction, iso: unknown, timezone: string): string {
  if (isMissing(iso)) return t('common:display.notAvailable');
  const date = new Date(String(iso));
  if (Number.isNaN(date.getTime())) return t('common:display.invalidDate');
  return timeIn(date, timezone);
}

/** A day "YYYY-MM-DD" (or an ISO instant) as dd/mm/yyyy. */
export function displayDay(t: TFunction, value: unknown, timezone: string): string {
  if (isMissing(value)) return t('common:display.notAvailable');
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const date = new Date(`${text}T00:00:00Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? t('common:display.invalidDate') : formatDay(text);
  }
  if (Number.isNaN(new Date(text).getTime())) return t('common:display.invalidDate');
  return formatInstantDay(text, timezone);
}

/** An ISO instant as "dd/mm/yyyy HH:mm" in the timezone. */
export function displayDateTime(t: TFunction, iso: unknown, timezone: string): string {
  if (isMissing(iso)) return t('common:display.notAvailable');
  const date = new Date(String(iso));
  if (Number.isNaN(date.getTime())) return t('common:display.invalidDate');
  return `${formatInstantDay(date.toISOString(), timezone)} ${timeIn(date, timezone)}`;
}

/** Hours with 2 decimals (spec §9); missing or negative hours count as not available. */
export function displayHours(t: TFunction, hours: unknown): string {
  const n = typeof hours === 'string' ? Number(hours) : hours;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return t('common:display.notAvailable');
  return n.toFixed(2);
}

/** The label of a status, or the raw value when it is not one the spec knows. */
export function statusLabel(t: TFunction, status: string | null | undefined): string {
  if (!status) return t('common:display.notAvailable');
  return t(`employee:employeeArea.status.${status}`, { defaultValue: status });
}

export function methodLabel(t: TFunction, method: string | null | undefined): string {
  if (!method) return t('common:display.notAvailable');
  return t(`employee:employeeArea.method.${method}`, { defaultValue: method });
}

/** The day in the company's timezone: "YYYY-MM-DD". */
export function localDay(date: Date, timezone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
