import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

/**
 * Every route declares its answers (issue 20): a response schema for its success status (2xx, or the 3xx of a redirect), and the error
 * envelope `{ message, code, errors? }` for 4xx and 5xx (given to every route by plugins/answers.ts). A route
 * that answers a file or a page declares its content type (`fileAnswer` / `htmlAnswer` in packages/shared),
 * so nothing is exempt silently. The route list comes from the app itself (onRoute): a new route without a
 * declared answer fails here.
 *
 * PENDING lists the routes still being declared (their modules are worked on in parallel). It can only
 * shrink: a PENDING route that has become declared, or no longer exists, fails too.
 */
const PENDING: string[] = [];

/**
 * Routes with no answer of their own to declare. Keep it short, each with its reason.
 */
const EXEMPT: Record<string, string> = {};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
const responseOf = (r: RouteOptions) => ((r.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {}) as Record<string, unknown>;
const successOf = (r: RouteOptions) => Object.keys(responseOf(r)).filter((status) => /^[23](\d\d|xx)$/i.test(status));
const declared = (r: RouteOptions) => successOf(r).length > 0;
const keyed = () => t.routes.flatMap((r) => methodsOf(r).map((m) => ({ key: `${m} ${r.url}`, r })));

describe('declared answers', () => {
  it('every route declares the answer of its success status, unless still pending', () => {
    const missing = keyed()
      .filter(({ key, r }) => !declared(r) && !PENDING.includes(key) && !(key in EXEMPT))
      .map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it('every route declares the error envelope for 4xx and 5xx', () => {
    const missing = keyed()
      .filter(({ r }) => !('4xx' in responseOf(r)) || !('5xx' in responseOf(r)))
      .map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it('the pending list only shrinks: no entry is declared by now, or gone', () => {
    const routes = new Map(keyed().map(({ key, r }) => [key, r]));
    const stale = PENDING.filter((key) => !routes.has(key) || declared(routes.get(key)!));
    expect(stale, 'declared or removed: delete these from PENDING').toEqual([]);
    expect(new Set(PENDING).size).toBe(PENDING.length);
  });

  it('the exemptions name real routes that declare nothing', () => {
    const routes = new Map(keyed().map(({ key, r }) => [key, r]));
    expect(Object.keys(EXEMPT).filter((key) => !routes.has(key) || declared(routes.get(key)!))).toEqual([]);
  });

  it('the OpenAPI document shows the declared answers, errors included', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    const undocumented = keyed()
      .filter(({ r }) => declared(r) && !(r.schema as { hide?: boolean }).hide)
      .filter(({ key, r }) => {
        const [method] = key.split(' ');
        const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')]?.[method!.toLowerCase()];
        const responses = Object.keys(op?.responses ?? {});
        return !successOf(r).every((s) => responses.includes(s)) || !responses.includes('4XX');
      })
      .map(({ key }) => key);
    expect(undocumented).toEqual([]);
  });

  it('no route file declares an answer of its own: envelopes and bodies come from packages/shared', () => {
    // A route that wrote `z.object({ data: ... })`, its own `envelope()`/`messageOnly`, or `dataAnswer(z.object({...}))`
    // answered a shape the web could not infer from a shared schema (auth, super-admin, billing, QR and list routes did).
    const local = /z\.object\(\{\s*(data|message)\b|const (envelope|messageOnly)\b|Answer\(\s*z\.object\(/;
    const dir = new URL('.', import.meta.url).pathname;
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.routes.ts'));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (local.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
