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
    // Stryker disable next-line ConditionalExpression: a cache: computing again answers the same
    if (v === undefined) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: the cache's size bound: clearing sooner or later answers the same
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

/**
 * Wall-clock to instant, read as Temporal's "compatible" disambiguation: a time that exists once is that
 * instant; a time that exists twice (clocks set back) is the earlier; a time skipped by clocks set forward
 * is moved forward by the gap (00:30 on a day whose 00:00-00:59 does not exist is 01:30, the first real
 * minute after it, not 23:30 of the evening before). The zone's offsets a day either side of the wall
 * time bracket any transition near it.
 */
function computeInstant(date: string, minutes: number, timezone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const naive = Date.UTC(y, m - 1, d, 0, minutes);
  const before = offsetMinutes(new Date(naive - DAY_MS), timezone);
  const after = offsetMinutes(new Date(naive + DAY_MS), timezone);
  const early = naive - before * 60000;
  if (offsetMinutes(new Date(early), timezone) === before) return early;
  const late = naive - after * 60000;
  if (offsetMinutes(new Date(late), timezone) === after) return late;
  // Skipped: neither offset reads this wall time back. The offset before the gap moves it forward.
  return early;
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

const DAY_MS = 86_400_000;
/** Years a calendar day may have here: four digits, so that days sort as text (`'+010000-01-01'` would not). */
const YEAR_MIN = 1;
const YEAR_MAX = 9999;
/** How many days `daysBetween` builds at most: no answer of the product needs ten years of days. */
export const DAYS_BETWEEN_CAP = 3_700;

/** UTC milliseconds of a "YYYY-MM-DD" day; a RangeError for anything else. */
function dayMs(date: string): number {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) throw new RangeError(`not a day: ${date}`);
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || y < YEAR_MIN) throw new RangeError(`not a day: ${date}`);
  const ms = Date.UTC(y, m - 1, d);
  // Date.UTC maps years 0-99 to 1900-1999; YEAR_MIN = 1 leaves only 1-99 to set right.
  return y < 100 ? new Date(ms).setUTCFullYear(y) : ms;
}

function dayOf(ms: number): string {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  if (!(y >= YEAR_MIN && y <= YEAR_MAX)) throw new RangeError(`day out of range: year ${y}`);
  return `${String(y).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The day `days` after (or before) `date`; a RangeError past year 9999 or before year 1, never a day that sorts wrong. */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`not a whole number of days: ${days}`);
  return dayOf(dayMs(date) + days * DAY_MS);
}

/** Days from start to end inclusive (0 when end is before start), counted from UTC milliseconds. */
export function daySpan(start: string, end: string): number {
  return Math.max(0, Math.round((dayMs(end) - dayMs(start)) / DAY_MS) + 1);
}

/** Every day from start to end inclusive; a RangeError past DAYS_BETWEEN_CAP days (callers check their span first). */
export function daysBetween(start: string, end: string): string[] {
  const count = daySpan(start, end);
  if (count > DAYS_BETWEEN_CAP) throw new RangeError(`${count} days asked, at most ${DAYS_BETWEEN_CAP}`);
  const first = dayMs(start);
  const out = new Array<string>(count);
  for (let i = 0; i < count; i++) out[i] = dayOf(first + i * DAY_MS);
  return out;
}

export function monthRange(year: number, month: number): { start: string; end: string } {
  const start = `${year}-${String(month).padStart(2, '0')}-01`;
  const end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { start, end };
}
