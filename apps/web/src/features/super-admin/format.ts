import { limitFor, type SuperAdminCompany } from '@presente/shared';
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

/**
 * "3 / 5": the counted (ACTIVE) employees over the limit that really applies (shared limitFor: a FREE
 * company with maxEmployees 10 shows 5), or "3 / Ilimitado".
 */
export function employeesUsage(t: TFunction, company: Pick<SuperAdminCompany, 'currentEmployees' | 'maxEmployees' | 'plan'>): string {
  const limit = limitFor(company, 'employees');
  return `${company.currentEmployees} / ${limit === -1 ? t('dashboard:superAdmin.companies.unlimited') : limit}`;
}
