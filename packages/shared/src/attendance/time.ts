/**
 * Calendar and wall-clock arithmetic in a named timezone, without a date library:
 * Intl gives the offset of a zone at an instant; local times are converted by iterating on it (DST-safe).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timezone: string) {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, f);
  }
  return f;
}

export interface LocalParts {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
  /** Minutes since local midnight. */
  minutes: number;
  /** ISO weekday: Monday=1 .. Sunday=7. */
  weekday: number;
}

/**
 * Small memo caches: a calendar of 1,000 employees x 31 days asks the same few (zone, day, time)
 * conversions thousands of times; Intl formatting is the expensive part.
 */
function memo<V>(limit = 20_000) {
  const map = new Map<string, V>();
  return (key: string, make: () => V): V => {
    let v = map.get(key);
    if (v === undefined) {
      if (map.size >= limit) map.clear();
      v = make();
      map.set(key, v);
    }
    return v;
  };
}
const localMemo = memo<LocalParts>();
const instantMemo = memo<number>();

/** The local calendar day, time and weekday of an instant in a timezone. */
export function toLocal(instant: Date, timezone: string): LocalParts {
  return localMemo(`${timezone}|${instant.getTime()}`, () => computeLocal(instant, timezone));
}

function computeLocal(instant: Date, timezone: string): LocalParts {
  const parts = formatter(timezone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  const hh = Number(get('hour'));
  const mm = Number(get('minute'));
  return { date, time: `${get('hour')}:${get('minute')}`, minutes: hh * 60 + mm, weekday: isoWeekday(date) };
}

/** Offset of a zone at an instant, in minutes (local = UTC + offset). */
export function offsetMinutes(instant: Date, timezone: string): number {
  const parts = formatter(timezone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant of a local date and minutes-after-midnight (may exceed 1440 for the next day) in a zone. */
export function localToInstant(date: string, minutes: number, timezone: string): Date {
  return new Date(instantMemo(`${timezone}|${date}|${minutes}`, () => computeInstant(date, minutes, timezone)));
}

function computeInstant(date: string, minutes: number, timezone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const naive = Date.UTC(y, m - 1, d, 0, minutes);
  let guess = naive - offsetMinutes(new Date(naive), timezone) * 60000;
  // Second pass settles DST transitions (the offset at the result may differ from the first guess).
  guess = naive - offsetMinutes(new Date(guess), timezone) * 60000;
  return guess;
}

/** Minutes after midnight of "HH:mm" (hot path of every calendar cell: no split/map). */
export function parseHhmm(value: string): number {
  const c = (i: number) => value.charCodeAt(i) - 48;
  return (c(0) * 10 + c(1)) * 60 + c(3) * 10 + c(4);
}

/** ISO weekday (Monday=1 .. Sunday=7) of a calendar day. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Every day from start to end inclusive. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

export function monthRange(year: number, month: number): { start: string; end: string } {
  const start = `${year}-${String(month).padStart(2, '0')}-01`;
  const end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { start, end };
}
