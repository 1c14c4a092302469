/**
 * The replay of the spec's own calls (product-spec §7; issue 20 item 4): each row is one §7 call as a client written
 * from the spec sends it, with the status and the answer fields (names and types) the spec shows, and its Spanish
 * message where the spec gives one. The rows are data so a reader can hold them against the spec line by line.
 */
import { expect } from 'vitest';
import type { Response, TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';

/** The type a field must have: `string?` also allows null or absent (the spec marks it optional). */
export type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'string?' | 'number?' | 'object?';

/** A JSON body as the spec's client sends it. */
export type Payload = Record<string, unknown>;

export interface SpecCall<F> {
  /** The §7 line, as written in the spec. */
  spec: string;
  who: 'anon' | 'superAdmin' | 'admin' | 'employee';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /api; a function when the path names a row made for the test. */
  path: string | ((f: F) => string);
  body?: Payload | ((f: F) => Payload | Promise<Payload>);
  status: number;
  /** Dotted paths into the JSON answer (`data.user.id`, `data.0.name`) and their types. */
  fields?: Record<string, FieldType>;
  /** The spec's Spanish message (§5/§8), where it gives one for this call. */
  message?: string;
  /** The path is computed (dates) but names no row: another company gets its own answer, not a 404. */
  anyCompany?: true;
  /** Sends a prepared request instead (multipart). */
  send?: (f: F) => Promise<Response>;
}

export interface Actors {
  superAdmin: TestUser;
  admin: TestUser;
  employee: TestUser;
}

const valueAt = (body: unknown, path: string) =>
  path.split('.').reduce<unknown>((v, key) => (v == null || typeof v !== 'object' ? undefined : (v as Record<string, unknown>)[key]), body);

function typeOf(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v;
}

/** Sends one row and checks status, fields and message; returns the answer for the rows that need it. */
export async function replay<F>(t: TestApp, actors: Actors, call: SpecCall<F>, f: F): Promise<Response> {
  const path = `/api${typeof call.path === 'function' ? call.path(f) : call.path}`;
  const body = typeof call.body === 'function' ? await call.body(f) : call.body;
  const client = call.who === 'anon' ? t.anon : t.as(actors[call.who]);
  const res = call.send
    ? await call.send(f)
    : call.method === 'GET'
      ? await client.get(path)
      : call.method === 'DELETE'
        ? await t.app.inject({
            method: 'DELETE',
            url: path,
            ...(body === undefined ? {} : { payload: body as object }),
            headers: call.who === 'anon' ? {} : { cookie: `presente_session=${actors[call.who].sessionToken}` },
          })
        : await client[call.method.toLowerCase() as 'post' | 'put' | 'patch'](path, body as object);
  const where = `${call.spec} → ${res.statusCode} ${res.body.slice(0, 400)}`;
  expect(res.statusCode, where).toBe(call.status);
  const json = res.headers['content-type']?.toString().includes('json') ? res.json() : undefined;
  for (const [field, type] of Object.entries(call.fields ?? {})) {
    const v = valueAt(json, field);
    const optional = type.endsWith('?');
    if (optional && v == null) continue;
    expect(typeOf(v), `${call.spec}: ${field} should be ${type} in ${res.body.slice(0, 400)}`).toBe(type.replace('?', ''));
  }
  if (call.message) expect(json?.message, where).toBe(call.message);
  return res;
}

/**
 * The same call from another company's admin, for the rows that name a row of the fixtures' company: 404, as if
 * the row did not exist (the company always comes from the session). Run before the replay, so the replay's own
 * success (a DELETE target still there, an edit still possible) shows the stranger's call changed nothing.
 */
export function strangerCalls<F>(calls: SpecCall<F>[]): SpecCall<F>[] {
  return calls
    .filter((c) => c.who === 'admin' && typeof c.path === 'function' && !c.send && !c.anyCompany)
    .map((c) => ({ ...c, spec: `another company: ${c.spec}`, status: 404, fields: { code: 'string', message: 'string' }, message: undefined }));
}
