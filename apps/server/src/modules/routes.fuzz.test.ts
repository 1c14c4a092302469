import type { Language } from '@presente/shared';
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../db/schema/index.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import { createTestApp, type Response, type TestApp } from '../test/app.js';
import type { TestUser } from '../test/factories.js';
import {
  answerProblem,
  fieldsOf,
  fillPath,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  hostile,
  hostileMultiparts,
  queryString,
  rowCounts,
  sample,
  schemasOf,
  startGeocoderStub,
  tenantTables,
} from '../test/fuzz.js';

/**
 * Every route the app registers, as each role, sent what a script sends (issue 18): NUL and lone
 * surrogates, huge strings, RTL and emoji, wrong types, arrays and objects for scalars, odd numbers, days
 * outside the calendar, unknown and missing fields, bad UUIDs in the path, broken JSON and multipart.
 * No answer is a 5xx; every 4xx has a known code and a message in the request's language (es and en,
 * alternately); a refused write leaves the row count of every tenant table as it was. The list of routes
 * comes from the app itself (onRoute), so a new route is fuzzed without touching this file.
 */
let t: TestApp;
let tables: string[];
beforeAll(async () => {
  const geocoder = await startGeocoderStub();
  afterAll(geocoder.close);
  t = await createTestApp({ GEOCODER_URL: geocoder.url });
  tables = await tenantTables(t.db);
});

type Role = 'anonymous' | 'company admin' | 'employee' | 'super admin' | 'api key';
/** 'api key': a read-and-write key of the company, sent as a bearer token, for the public API's routes only (decision 0048). */
const ROLES: Role[] = ['anonymous', 'company admin', 'employee', 'super admin', 'api key'];
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FIELDS_PER_ROUTE = 10;
/** Hostile values per field, per role that reaches the route. */
const VALUES_PER_FIELD = 3;

/** Fresh users for each route: a route that ends a session or a company cannot starve the next one. */
async function world(): Promise<{ users: Record<Role, TestUser | null>; apiKey: string }> {
  const company = await t.factories.company({ plan: 'PREMIUM' });
  const admin = await t.factories.companyAdmin({ companyId: company.id });
  const emp = await t.factories.employee(company.id);
  const apiKey = `pk_live_${randomToken(32)}`;
  await t.db
    .insert(apiKeys)
    .values({ companyId: company.id, name: 'Fuzz', scope: 'read_write', prefix: apiKey.slice(0, 12), keyHash: sha256(apiKey), createdBy: admin.id });
  return { users: { anonymous: null, 'company admin': admin, employee: emp.account, 'super admin': await t.factories.superAdmin(), 'api key': null }, apiKey };
}

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');

describe('every route, every role, hostile input', () => {
  it('the route list comes from the app and matches its OpenAPI document', () => {
    const registered = new Set(t.routes.flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`)));
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => m !== 'head') // the static model folders document their HEAD too; the fuzz skips HEAD
        .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/\{\*\}$/, '*')}`),
    );
    expect(documented.length).toBeGreaterThan(50);
    expect(documented.filter((d) => !registered.has(d))).toEqual([]);
  });

  it('no 5xx, a known code and a translated message, nothing written when refused', { timeout: 1_200_000 }, async () => {
    let sent = 0;
    let slowest = { ms: 0, what: '' };
    const problems: string[] = [];
    const covered = new Map<string, Role[]>();
    const routes = t.routes.flatMap((r) => methodsOf(r).map((method) => ({ r, method })));
    let seed = 20261126;

    for (const [index, { r, method }] of routes.entries()) {
      const key = `${method} ${r.url}`;
      const s = schemasOf(r);
      const { users, apiKey } = await world();
      const reached: Role[] = [];
      for (const [roleIndex, role] of ROLES.entries()) {
        if (role === 'api key' && !r.url.startsWith('/api/v1/')) continue;
        const user = users[role];
        const remoteAddress = `10.${(index >> 8) & 255}.${index & 255}.${roleIndex + 1}`;
        const send = async (
          what: string,
          opts: {
            params?: Record<string, string>;
            query?: Record<string, unknown>;
            body?: unknown;
            raw?: { headers: Record<string, string>; payload: string | Buffer };
          },
        ) => {
          const lang: Language = sent % 2 ? 'en' : 'es';
          sent += 1;
          const url =
            fillPath(r.url, opts.params ?? (sample(s.params) as Record<string, string>) ?? {}) + queryString((opts.query ?? {}) as Record<string, unknown>);
          const headers: Record<string, string> = {
            'accept-language': lang,
            ...(user ? { cookie: `presente_session=${user.sessionToken}` } : {}),
            ...(role === 'api key' ? { authorization: `Bearer ${apiKey}` } : {}),
            ...(opts.raw?.headers ?? {}),
          };
          const inject: InjectOptions = { method: method as InjectOptions['method'], url, headers, remoteAddress };
          if (opts.raw) inject.payload = opts.raw.payload;
          else if (WRITES.has(method) && opts.body !== undefined) inject.payload = opts.body as InjectOptions['payload'];
          const before = WRITES.has(method) ? await rowCounts(t.db, tables) : null;
          const started = performance.now();
          const res: Response = await t.app.inject(inject);
          const ms = performance.now() - started;
          if (ms > slowest.ms) slowest = { ms, what: `${key} as ${role} (${what})` };
          // A page's own ?lang= (the register link's page) is the language asked for; JSON answers follow Accept-Language.
          const asked = (opts.query as Record<string, unknown> | undefined)?.lang;
          const isPage = String(res.headers['content-type'] ?? '').startsWith('text/html');
          const problem = answerProblem(res, isPage && (asked === 'es' || asked === 'en') ? asked : lang);
          const label = `${key} as ${role}, ${what}`;
          if (problem) problems.push(`${label}: ${problem.replace(/\s+/g, ' ').slice(0, 240)}`);
          if (before && res.statusCode >= 400) {
            const after = await rowCounts(t.db, tables);
            const changed = tables.filter((tb) => after[tb] !== before[tb]);
            if (changed.length) problems.push(`${label}: refused with ${res.statusCode} but changed ${changed.join(', ')}`);
          }
          return res;
        };

        const valid = { query: sample(s.querystring) as Record<string, unknown>, body: sample(s.body) };
        const probe = await send('a valid-looking request', valid);
        // A role the route turns away (401/403 after validation passed) gets nothing more.
        if (probe.statusCode === 401 || probe.statusCode === 403) continue;
        reached.push(role);
        await send('missing fields', { query: {}, body: {} });
        await send('unknown fields', {
          query: { ...valid.query, zzUnknown: 'x' },
          body: { ...(valid.body as object), zzUnknown: { a: [1] }, role: 'SUPER_ADMIN', companyId: crypto.randomUUID() },
        });
        // One hostile value per field (query and body), each in an otherwise valid request.
        for (const [part, schema] of [
          ['query', s.querystring],
          ['body', s.body],
        ] as const) {
          for (const field of fieldsOf(schema).slice(0, FIELDS_PER_ROUTE)) {
            for (const value of fc.sample(hostile, { seed: seed++, numRuns: VALUES_PER_FIELD })) {
              const base = (part === 'query' ? valid.query : valid.body) as Record<string, unknown>;
              const mutated = { ...base, [field]: value };
              await send(
                `${part}.${field} = ${JSON.stringify(value)?.slice(0, 60)}`,
                part === 'query' ? { ...valid, query: mutated } : { ...valid, body: mutated },
              );
            }
          }
        }
        // Bad path parameters: three of the list, a different three for each role.
        for (const name of fieldsOf(s.params).length ? fieldsOf(s.params) : (r.url.match(/:(\w+)/g) ?? []).map((p) => p.slice(1))) {
          for (let i = 0; i < 3; i++) {
            const bad = HOSTILE_PARAMS[(roleIndex * 3 + i + index) % HOSTILE_PARAMS.length];
            await send(`param ${name} = ${bad.slice(0, 40)}`, { ...valid, params: { ...(sample(s.params) as Record<string, string>), [name]: bad } });
          }
        }
        if (WRITES.has(method)) {
          const multipart = s.consumes?.includes('multipart/form-data');
          const raws = multipart ? hostileMultiparts() : [HOSTILE_RAW_BODIES[(index + roleIndex) % HOSTILE_RAW_BODIES.length]];
          for (const raw of raws) await send(`raw ${raw.headers['content-type']} ${String(raw.payload).slice(0, 30)}`, { ...valid, raw });
        }
      }
      covered.set(key, reached);
    }

    const unreached = routes.map(({ r, method }) => `${method} ${r.url}`).filter((k) => !covered.has(k));
    console.info(
      `routes fuzz: ${routes.length} routes, ${sent} requests, slowest ${Math.round(slowest.ms)} ms (${slowest.what}); reached by no role: ${
        [...covered]
          .filter(([, roles]) => !roles.length)
          .map(([k]) => k)
          .join(', ') || 'none'
      }`,
    );
    expect(unreached).toEqual([]);
    expect(problems.slice(0, 40)).toEqual([]);
  });
});
