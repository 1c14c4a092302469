import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "dd/mm/yyyy" typed by a person -> "YYYY-MM-DD", or null when it is not a real day. */
export function parseDayText(text: string): string | null {
  const m = DMY.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** A calendar day "YYYY-MM-DD" shown as dd/mm/yyyy (spec §9); anything else is returned unchanged. */
export function formatDay(ymd: string): string {
  const m = YMD.exec(ymd);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : ymd;
}

/** An instant shown as the dd/mm/yyyy day it is in the given timezone. */
export function formatInstantDay(iso: string, timezone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(date);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/**
 * A date picker bound to "YYYY-MM-DD" strings (what the API speaks), shown and typed as dd/mm/yyyy,
 * with month and weekday names in the interface language and weeks starting on Monday.
 */
export function DayInput(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  const { i18n } = useTranslation();
  const [calendarOpen, setCalendarOpen] = useState(false);
  const locale = i18n.language?.startsWith('en') ? 'en' : 'es';
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>
      <DateInput
        valueFormat="DD/MM/YYYY"
        dateParser={parseDayText}
        // Escape closes the open calendar only, not the modal around the field.
        data-mantine-stop-propagation={calendarOpen ? 'true' : undefined}
        popoverProps={{ onOpen: () => setCalendarOpen(true), onClose: () => setCalendarOpen(false) }}
        {...props}
      />
    </DatesProvider>
  );
}
