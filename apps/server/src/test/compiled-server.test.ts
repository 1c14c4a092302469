import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { until } from '@presente/shared/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the repository (no typings)
import { buildServer } from '../../../../scripts/build-server.mjs';
import { type ServerProcess, startServerProcess } from './server-process.js';

/**
 * Issue 23 item 1: `npm start` runs the server compiled to JavaScript (scripts/build-server.mjs), not TypeScript
 * through tsx. The bundle must work on its own: migrations beside it, the face worker bundle that the pool loads,
 * the shared package inlined. Built into a temporary folder of apps/server here (so Node finds the npm packages from it,
 * as from dist/), started as a real process.
 */
const serverRoot = resolve(import.meta.dirname, '../..');
describe.skipIf(inject('dbKind') === 'postgres')('the compiled server', () => {
  const out = join(mkdtempSync(join(serverRoot, '.build-test-')), 'dist');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(join(out, '..'), { recursive: true, force: true });
  });

  it('builds main.mjs and worker.mjs with the migrations beside them, then migrates, answers and runs the face engine', async () => {
    await buildServer(out);
    expect(readdirSync(out).sort()).toEqual(['main.mjs', 'main.mjs.map', 'migrations', 'worker.mjs', 'worker.mjs.map']);

    server = await startServerProcess('compiled', { FACE_WORKERS: '1', LOG_LEVEL: 'info', CAPTCHA: 'off' }, { compiled: join(out, 'main.mjs') });
    // A fresh DATA_DIR: the migrations ran from dist/migrations, so a company can register.
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Compilada S.A.C.',
        ruc: '20100070970',
        email: 'contacto@compilada.pe',
        adminName: 'Ana Torres',
        adminEmail: 'ana@compilada.pe',
        password: 'secreto123',
        confirmPassword: 'secreto123',
        turnstileToken: 'test',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    // The face worker thread is dist/worker.mjs (the pool's ./worker.mjs beside the bundle).
    const running = server;
    await until(
      'the face engine ready',
      async () => ((await (await fetch(`${running.url}/api/health`)).json()) as { faceEngine: string }).faceEngine === 'ready',
      { withinMs: 60_000, everyMs: 250 },
      () => running.output(),
    );
    expect(running.output()).toContain('face worker ready');
  });
});
