/**
 * `npm start` (scripts/start.mjs) supervises the server (issue 15): a server killed with kill -9 is restarted
 * and the product answers /api/health again within 10 s, the supervisor saying why; repeated crashes in a
 * short window give up with a clear message; SIGTERM to the supervisor stops the server with no restart.
 * Real processes on a temporary DATA_DIR (embedded PGlite), so this runs in the PGlite project only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { until } from '@presente/shared/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './server-process.js';

const root = resolve(import.meta.dirname, '../../../..');
const onPostgres = process.env.TEST_DB === 'postgres';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Supervisor {
  proc: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}
const running: Supervisor[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const s of running.splice(0)) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function spawnNode(args: string[], env: Record<string, string>): Supervisor {
  let out = '';
  const proc = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((res) => proc.on('exit', (code) => res(code)));
  const s = { proc, output: () => out, exited };
  running.push(s);
  return s;
}

const serverPids = (out: string) => [...out.matchAll(/server started \(pid (\d+)\)/g)].map((m) => Number(m[1]));

/** A bounded poll (shared `until`) whose failure prints the supervisor's output. */
const waitFor = <T>(what: string, withinMs: number, probe: () => Promise<T | undefined> | T | undefined, s: Supervisor) =>
  until(what, probe, { withinMs, everyMs: 100 }, () => `supervisor output:\n${s.output()}`);

const healthy = async (url: string) => {
  try {
    return (await fetch(`${url}/api/health`)).ok ? true : undefined;
  } catch {
    return undefined;
  }
};

describe.skipIf(onPostgres)('npm start supervises the server', () => {
  it('restarts a server killed with kill -9: healthy again within 10 s, the crash logged; SIGTERM then stops it for good', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'presente-supervisor-'));
    dirs.push(dataDir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const s = spawnNode([join(root, 'scripts/start.mjs')], {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FACE_WORKERS: '0',
      WEB_DIST: join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      // Behind a TLS proxy without TRUST_PROXY: the server warns at start-up (cookies stay Secure).
      PUBLIC_URL: 'https://asistencia.example.com',
    });
    await waitFor('first start', 90_000, () => healthy(url), s);
    // The server's pid, from the DATA_DIR lock it holds (db/client.ts lockDataDir).
    const lockPid = () => Number(readFileSync(join(dataDir, 'presente.lock'), 'utf8'));
    const first = lockPid();
    expect(alive(first)).toBe(true);
    expect(s.output()).toContain('PUBLIC_URL is https but TRUST_PROXY is off');

    process.kill(first, 'SIGKILL');
    const killedAt = Date.now();
    await waitFor('the old server gone', 10_000, () => (alive(first) ? undefined : true), s);
    // Healthy again means a new server process answers (the killed one left its DATA_DIR lock behind).
    await waitFor('health after the restart', 10_000 - (Date.now() - killedAt), () => healthy(url), s);
    expect(Date.now() - killedAt).toBeLessThanOrEqual(10_000);
    const second = lockPid();
    expect(second).not.toBe(first);
    expect(s.output()).toMatch(new RegExp(`server \\(pid ${first}\\) was killed by SIGKILL; restarting in 1 s \\(crash 1 of 5`));

    s.proc.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(alive(second)).toBe(false);
    expect(serverPids(s.output())).toEqual([first, second]);
    expect(s.output()).toMatch(/SIGTERM: stopping the server/);
    expect(await healthy(url)).toBeUndefined();
  }, 150_000);

  it('gives up with a clear message after 5 crashes in the window, backing off 1, 2, 4, 8 (scaled down here)', async () => {
    const script = `import(${JSON.stringify(join(root, 'scripts/supervise.mjs'))}).then(async ({ supervise }) => {
      process.exitCode = await supervise({ command: process.execPath, args: ['-e', 'process.exit(3)'], baseDelayMs: 20, windowMs: 60000 });
    })`;
    const s = spawnNode(['-e', script], {});
    expect(await s.exited).toBe(1);
    const out = s.output();
    expect(serverPids(out)).toHaveLength(5);
    const delays = [...out.matchAll(/exited with code 3; restarting in ([\d.]+) s \(crash (\d) of 5/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(delays).toEqual([
      [0.02, 1],
      [0.04, 2],
      [0.08, 3],
      [0.16, 4],
    ]);
    expect(out).toMatch(/exited with code 3: 5 crashes within 60 s\. Giving up: .*fix the cause and start again\./);
  }, 30_000);

  it('does not restart a configuration error (exit 78) or a server that stopped cleanly', async () => {
    const run = (code: number) =>
      spawnNode(
        [
          '-e',
          `import(${JSON.stringify(join(root, 'scripts/supervise.mjs'))}).then(async ({ supervise }) => {
            process.exitCode = await supervise({ command: process.execPath, args: ['-e', 'process.exit(${code})'], baseDelayMs: 20 });
          })`,
        ],
        {},
      );
    const config = run(78);
    expect(await config.exited).toBe(78);
    expect(serverPids(config.output())).toHaveLength(1);
    expect(config.output()).toMatch(/refused its configuration \(exit 78\)/);
    const clean = run(0);
    expect(await clean.exited).toBe(0);
    expect(serverPids(clean.output())).toHaveLength(1);
  }, 30_000);

  it('exits with the crash message when DATA_DIR cannot be used, instead of restarting forever', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'presente-supervisor-file-'));
    dirs.push(dir);
    const notADir = join(dir, 'a-file');
    writeFileSync(notADir, 'x');
    const script = `import(${JSON.stringify(join(root, 'scripts/supervise.mjs'))}).then(async ({ supervise }) => {
      process.exitCode = await supervise({ command: process.execPath, args: ['--import', 'tsx', ${JSON.stringify(join(root, 'apps/server/src/main.ts'))}], baseDelayMs: 20, maxCrashes: 2 });
    })`;
    const s = spawnNode(['-e', script], { DATA_DIR: notADir, PORT: String(await freePort()), FACE_WORKERS: '0', LOG_LEVEL: 'warn' });
    expect(await s.exited).toBe(1);
    expect(serverPids(s.output())).toHaveLength(2);
    expect(s.output()).toMatch(/2 crashes within 60 s\. Giving up/);
  }, 60_000);
});
