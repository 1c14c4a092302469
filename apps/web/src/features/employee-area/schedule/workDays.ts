import type { TFunction } from 'i18next';

/** Work day numbers (1 = Monday ... 7 = Sunday) in words, in week order: "Lunes, Martes, Miércoles". */
export function workDayNames(t: TFunction, days: number[]): string[] {
  const names = t('employee:employeeArea.weekdays', { returnObjects: true }) as string[];
  return [...new Set(days)]
    .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7)
    .sort((a, b) => a - b)
    .map((d) => names[d - 1]);
}
