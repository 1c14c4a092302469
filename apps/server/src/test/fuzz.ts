import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { ERROR_STATUS, type Language, MESSAGES } from '@presente/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.js';

/**
 * The machinery of the route fuzz suite (modules/routes.fuzz.test.ts): from a route's zod schemas, a
 * request that passes validation (so the hostile value of one field reaches the service) and the hostile
 * values a script sends; the checks an answer must pass (no 5xx, a stable code, a message in the
 * request's language); and the row counts of the tenant tables, to prove a refused write wrote nothing.
 */

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definition is read structurally
type Def = any;
const defOf = (s: unknown): Def => (s as { _zod?: { def?: Def } })?._zod?.def ?? {};

/** What a value of this schema looks like when it is valid (best effort: refinements are not solved). */
export function sample(schema: unknown, key = ''): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType, key);
    case 'pipe':
      return defOf(def.in).type === 'transform' ? sample(def.out, key) : sample(def.in, key);
    case 'lazy':
      return sample(def.getter(), key);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) out[k] = sample(v, k);
      return out;
    }
    case 'array': {
      const min = checkValue(def, 'min_length') ?? 1;
      return Array.from({ length: Math.max(1, min) }, () => sample(def.element, key));
    }
    case 'tuple':
      return (def.items as unknown[]).map((i) => sample(i, key));
    case 'union':
      return sample(def.options[0], key);
    case 'intersection':
      return { ...(sample(def.left, key) as object), ...(sample(def.right, key) as object) };
    case 'record':
      return {};
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'boolean':
      return true;
    case 'date':
      return '2026-03-02T09:00:00Z';
    case 'number':
    case 'bigint': {
      const min = checkValue(def, 'greater_than');
      return typeof min === 'number' ? Math.max(min, 1) : 1;
    }
    case 'string':
      return sampleString(def, key);
    default:
      return 'x';
  }
}

function checkValue(def: Def, kind: string): number | undefined {
  for (const c of def.checks ?? []) {
    const d = defOf(c);
    if (d.check === kind) return d.minimum ?? d.value;
  }
  return undefined;
}

/** A valid text for a string schema: by its format, else by its field's name (dates, times, emails). */
function sampleString(def: Def, key: string): string {
  const format: string | undefined = def.format ?? (def.checks ?? []).map((c: unknown) => defOf(c).format).find(Boolean);
  const k = key.toLowerCase();
  let v: string;
  if (format === 'email' || k.includes('email')) v = `fuzz.${randomUUID().slice(0, 8)}@example.com`;
  else if (format === 'uuid' || format === 'guid' || /id$/.test(k)) v = randomUUID();
  else if (format === 'url' || k.includes('url')) v = 'https://example.com/';
  else if (format === 'datetime' || k.endsWith('at')) v = '2026-03-02T09:00:00Z';
  else if (k.includes('date')) v = '2026-03-02';
  else if (k.includes('checkin') || k.includes('time') || k.includes('checkout')) v = '09:00';
  else if (k.includes('password')) v = 'Fuzz-Password-123!';
  else if (k === 'ruc') v = '20123456789';
  else if (k === 'country') v = 'PE';
  else if (k === 'timezone') v = 'America/Lima';
  else if (k === 'year') v = '2026';
  else if (k === 'month' || k === 'page') v = '1';
  else if (k === 'limit') v = '10';
  else v = 'Prueba';
  const min = checkValue(def, 'min_length') ?? 0;
  return v.length >= min ? v : v.padEnd(min, 'x');
}

/** The top-level fields of an object schema (after optional/pipe wrappers), or none. */
export function fieldsOf(schema: unknown): string[] {
  let def = defOf(schema);
  for (let i = 0; i < 5 && def.type !== 'object' && (def.innerType || def.in); i++) def = defOf(def.innerType ?? def.in);
  return def.type === 'object' ? Object.keys(def.shape) : [];
}

/** Values a script sends where the product expects something else. JSON turns NaN and Infinity into null. */
export const HOSTILE_VALUES: unknown[] = [
  '\u0000',
  'ok\u0000ok',
  '\ud800',
  'tail\udfff',
  'x'.repeat(200_000),
  '\u202eevil\u202c.exe',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦'.repeat(40),
  'Ｆｕｌｌ　ｗｉｄｔｈ',
  'Z̷̧͎a̴̛͉l̸̩̆g̶̱̈o̵͔͗',
  '',
  '   ',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '9999-12-31',
  '0000-00-00',
  '2026-02-30',
  '+275760-09-13T00:00:00Z',
  '25:61',
  'NaN',
  '-Infinity',
  '1e308',
  null,
  true,
  0,
  -1,
  -0,
  1.5,
  2 ** 53 + 1,
  1e308,
  -1e308,
  [],
  ['a', 'b'],
  [[[[[]]]]],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  { nested: { deep: { deeper: 'x'.repeat(1000) } } },
];

/** A hostile value: one of the list, or a random string, number or JSON value (fast-check, seeded by the caller). */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Path parameters a script sends: not UUIDs, encoded oddities, a UUID no row has. */
export const HOSTILE_PARAMS = [
  'not-a-uuid',
  '%00',
  '%F0%9F%92%A9',
  'x'.repeat(3000),
  '-1',
  '..%2F..%2Fetc',
  '00000000-0000-0000-0000-00000000000g',
  randomUUID(),
];

/** Bad multipart bodies: no boundary, cut short, a part header gone wrong, text where a file goes, no parts. */
export function hostileMultiparts(): { headers: Record<string, string>; payload: string | Buffer }[] {
  const b = 'fuzzboundary';
  const ct = { 'content-type': `multipart/form-data; boundary=${b}` };
  return [
    { headers: { 'content-type': 'multipart/form-data' }, payload: 'garbage' },
    { headers: ct, payload: `--${b}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff` },
    { headers: ct, payload: `--${b}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${b}--\r\n` },
    {
      headers: ct,
      payload: `--${b}\r\nContent-Disposition: form-data; name="image"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhola\r\n--${b}--\r\n`,
    },
    { headers: ct, payload: `--${b}--\r\n` },
    { headers: { 'content-type': 'application/json' }, payload: '{"image":"not a file"}' },
  ];
}

/** Bodies that are not the JSON they claim to be. */
export const HOSTILE_RAW_BODIES: { headers: Record<string, string>; payload: string }[] = [
  { headers: { 'content-type': 'application/json' }, payload: '{"a":' },
  { headers: { 'content-type': 'application/json' }, payload: '[1,2,3]' },
  { headers: { 'content-type': 'application/json' }, payload: '"text"' },
  { headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"role":"SUPER_ADMIN"},"constructor":{"prototype":{"x":1}}}' },
  { headers: { 'content-type': 'text/plain' }, payload: 'hola' },
  { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1&b=2' },
];

/** encodeURIComponent that also sends lone surrogates (as the WTF-8 bytes a script would write). */
export function encodeLoose(text: string): string {
  return text.replace(/[\s\S]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      return `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 63)).toString(16)}%${(0x80 | (c & 63)).toString(16)}`.toUpperCase();
    }
  });
}

/** A query string from a value per key (arrays repeat the key; objects are sent as their JSON). */
export function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
      parts.push(`${encodeLoose(k)}=${encodeLoose(text.slice(0, 4000))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A route's URL with each `:param` filled in (already encoded values are kept as they are). */
export function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? randomUUID()).replace(/\*$/, params['*'] ?? 'x');
}

// The shared table's codes, and the one the spec names itself (§7: a 404 subscriptionNotFound closes the billing modal).
const CODES = new Set([...Object.keys(ERROR_STATUS), 'subscriptionNotFound']);
// Each catalogue text as a pattern ({param} matches anything), per language.
const patterns = (lang: Language) =>
  Object.values(MESSAGES).map(
    (m) => new RegExp(`^${(m as Record<Language, string>)[lang].replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '.*')}$`, 's'),
  );
const CATALOGUE: Record<Language, RegExp[]> = { es: patterns('es'), en: patterns('en') };
export const inCatalogue = (message: unknown, lang: Language) => typeof message === 'string' && CATALOGUE[lang].some((p) => p.test(message));

/** What is wrong with an answer, or null: a 5xx; a 4xx without a known code or with a message not in the request's language. */
export function answerProblem(res: { statusCode: number; body: string; headers: Record<string, unknown> }, lang: Language): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  // A page a person opens in the browser (the billing simulator's) answers a page, in the request's language.
  if (String(res.headers['content-type'] ?? '').startsWith('text/html')) {
    return res.body.includes(`<html lang="${lang}"`) ? null : `a ${res.statusCode} page not in ${lang}: ${res.body.slice(0, 120)}`;
  }
  let body: { code?: unknown; message?: unknown; title?: unknown; detail?: unknown; status?: unknown; errors?: { message?: unknown }[] };
  try {
    body = JSON.parse(res.body);
  } catch {
    return `a ${res.statusCode} that is not JSON: ${res.body.slice(0, 200)}`;
  }
  if (typeof body.code !== 'string' || !CODES.has(body.code)) return `a ${res.statusCode} with no known code: ${res.body.slice(0, 300)}`;
  // The public API answers RFC 9457 problem details (decision 0048): the message is `detail`, and `title` is translated too.
  const problem = String(res.headers['content-type'] ?? '').startsWith('application/problem+json');
  if (problem && body.status !== res.statusCode) return `a ${res.statusCode} problem whose status says ${String(body.status)}`;
  const messages = problem ? [body.title, body.detail] : [body.message];
  for (const m of [...messages, ...(body.errors ?? []).map((e) => e.message)]) {
    if (!inCatalogue(m, lang)) return `a ${res.statusCode} message not in the ${lang} catalogue: ${JSON.stringify(m)?.slice(0, 200)}`;
  }
  return null;
}

/** A stand-in for the address search's upstream (GEOCODER_URL): answers an empty list to every search. */
export async function startGeocoderStub(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((res) => server.close(() => res())) };
}

/** The tables with a company_id column (the tenant's data). */
export async function tenantTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.columns where column_name = 'company_id' and table_schema = 'public' order by table_name`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { table_name: string }[] }).rows) as { table_name: string }[];
  return [...new Set([...rows.map((r) => r.table_name), 'companies', 'users'])];
}

/** The row count of each given table, in one query. */
export async function rowCounts(db: Db, tables: string[]): Promise<Record<string, number>> {
  const select = tables.map((t) => `(select count(*) from "${t}")::int as "${t}"`).join(', ');
  const result = await db.execute(sql.raw(`select ${select}`));
  const rows = (Array.isArray(result) ? result : (result as { rows: Record<string, number>[] }).rows) as Record<string, number>[];
  return rows[0];
}

/** The schemas a route declared (zod), as the fuzz suite reads them. */
export interface RouteSchemas {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  consumes?: string[];
}
export const schemasOf = (r: RouteOptions) => (r.schema ?? {}) as RouteSchemas;
