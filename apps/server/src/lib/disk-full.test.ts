/**
 * A full disk (decision 0028): a write refused for space answers 503 service_unavailable with Retry-After (not
 * 500), /api/health says `disk: 'full'` (503) until a write goes through again, and start-up names the disk.
 * The disk is never filled: PostgreSQL's disk_full comes from a trigger raising SQLSTATE 53100 (the very error
 * a full disk gives, through the real driver, PGlite and PostgreSQL alike) and Node's ENOSPC from /dev/full.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createDiskState, isDiskFull, startupFailureMessage } from './disk-full.js';

const UNAVAILABLE = 'El servicio no está disponible en este momento. Intenta de nuevo en unos segundos.';
const hasDevFull = existsSync('/dev/full');
/** A real ENOSPC from Node: /dev/full refuses every write for space. */
function enospc(): Error {
  try {
    writeFileSync('/dev/full', 'outbox mail');
  } catch (err) {
    return err as Error;
  }
  throw new Error('/dev/full accepted a write');
}

describe('a write refused for space', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('answers 503 service_unavailable with Retry-After; health says disk full until a write goes through', async () => {
    const admin = await t.factories.companyAdmin();
    const api = t.as(admin);
    expect((await t.anon.get('/api/health')).json()).toMatchObject({ status: 'ok', disk: 'ok' });
    // From now on the departments table cannot grow: PostgreSQL's own words for a full disk.
    await t.db.execute(
      sql.raw(`create or replace function presente_test_disk_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file "base/16384/16500": No space left on device' using errcode = '53100', hint = 'Check free disk space.'; end $$`),
    );
    await t.db.execute(sql.raw('create trigger presente_test_disk_full before insert on departments for each row execute function presente_test_disk_full()'));

    const refused = await api.post('/api/company-admin-simple/departments', { name: 'Ventas' });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ code: 'service_unavailable', message: UNAVAILABLE });
    const health = await t.anon.get('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(health.json()).toMatchObject({ status: 'error', disk: 'full', database: t.deps.dbKind });
    // Reads still work meanwhile.
    expect((await api.get('/api/company-admin-simple/departments')).statusCode).toBe(200);

    // Space again: the next write goes through and health is ok.
    await t.db.execute(sql.raw('drop trigger presente_test_disk_full on departments'));
    expect((await api.post('/api/company-admin-simple/departments', { name: 'Ventas' })).statusCode).toBe(201);
    expect((await t.anon.get('/api/health')).json()).toMatchObject({ status: 'ok', disk: 'ok' });
  });

  it.skipIf(!hasDevFull)("Node's ENOSPC (the outbox, DATA_DIR's files) answers 503 too and marks the disk full", async () => {
    const app = await buildApp(t.deps);
    app.post('/api/test-outbox', async () => {
      writeFileSync('/dev/full', 'a mail for the outbox');
      return { ok: true };
    });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/test-outbox', headers: { 'accept-language': 'en' } });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ code: 'service_unavailable', message: 'The service is unavailable right now. Try again in a few seconds.' });
      expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'error', disk: 'full' });
      t.deps.disk.wrote();
    } finally {
      await app.close();
    }
  });
});

describe('telling a full disk', () => {
  it('knows disk_full, ENOSPC and EDQUOT however wrapped, and nothing else', () => {
    const pg = Object.assign(new Error('could not extend file "base/1/2": No space left on device'), { code: '53100' });
    expect(isDiskFull(pg)).toBe(true);
    expect(isDiskFull(new Error('Failed query: insert ...', { cause: pg }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' }))).toBe(true);
    expect(isDiskFull(new AggregateError([Object.assign(new Error('x'), { code: 'ENOSPC' })]))).toBe(true);
    // PGlite's file system says it without a code.
    expect(isDiskFull(new Error('No space left on device'))).toBe(true);
    if (hasDevFull) expect(isDiskFull(enospc())).toBe(true);
    for (const other of [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      new Error('boom'),
      Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
      null,
    ]) {
      expect(isDiskFull(other)).toBe(false);
    }
  });

  it('is full from a refused write until a write goes through (logged once), or a quiet spell', () => {
    let now = 0;
    const lines: string[] = [];
    const disk = createDiskState({ warn: (_o, m) => lines.push(m), info: (m) => lines.push(m) }, 60_000, () => now);
    expect(disk.full).toBe(false);
    disk.failed(new Error('No space left on device'));
    disk.failed(new Error('No space left on device'));
    expect(disk.full).toBe(true);
    disk.wrote();
    expect(disk.full).toBe(false);
    expect(lines).toHaveLength(2);
    disk.failed(new Error('No space left on device'));
    now += 60_001;
    expect(disk.full).toBe(false);
  });

  it.skipIf(!hasDevFull)('start-up on a full disk names the disk: DATA_DIR with its free space, or the PostgreSQL server', () => {
    const dir = mkdtempSync(join(tmpdir(), 'presente-disk-'));
    try {
      const message = startupFailureMessage(enospc(), { dataDir: dir, postgres: false });
      expect(message).toMatch(
        new RegExp(
          `^Presente could not start: no space left on the disk holding DATA_DIR ${dir} \\(\\d+(\\.\\d)? [KMG]B free of \\d+(\\.\\d)? [KMG]B\\): ENOSPC`,
        ),
      );
      expect(message).toContain('Free space on that disk (or move DATA_DIR to a larger one), then start again.');
      const pg = Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' });
      expect(startupFailureMessage(pg, { dataDir: dir, postgres: true })).toMatch(/^Presente could not start: the PostgreSQL server's disk is full/);
      expect(startupFailureMessage(new Error('other trouble'), { dataDir: dir, postgres: false })).toBe('other trouble');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
