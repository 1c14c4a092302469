/** Intl formatting in the company's timezone and locale; bad settings fall back instead of throwing. */
export interface ZoneSettings {
  timezone: string;
  locale: string;
}

function safeFormat(date: Date, zone: ZoneSettings, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(zone.locale, { ...options, timeZone: zone.timezone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(date);
  }
}

export function formatLongDate(date: Date, zone: ZoneSettings): string {
  return safeFormat(date, zone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

export function formatTime(date: Date, zone: ZoneSettings): string {
  return safeFormat(date, zone, { hour: '2-digit', minute: '2-digit' });
}

/** A clock time for "updated at": 24-hour, with the zone it is in ("18:28 GMT-5"), in the viewer's own timezone. */
export function formatClockWithZone(date: Date, locale: string, timezone?: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short', timeZone: timezone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short', timeZone: 'UTC' }).format(date);
  }
}

/** The hour (0-23) of `date` in the given timezone. */
export function hourIn(date: Date, timezone: string): number {
  try {
    const hour = new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: timezone }).format(date);
    return Number(hour) % 24;
  } catch {
    return date.getUTCHours();
  }
}

/** Prices are always shown as "2.50" (the currency label is shown next to them): spec §1 speaks USD with a dot. */
export function formatPrice(amount: number): string {
  return amount.toFixed(2);
}
