import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const artifactsDir = join(repoRoot, 'e2e/artifacts');

export const SUPERADMIN = { email: 'root@presente.test', password: 'SuperClave-2026' };

export interface RunningServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}

export interface ServerOptions {
  /** Runs on the fresh data folder before the server starts (e.g. `npm run cert`); its answer joins the environment. */
  prepare?: (dataDir: string, port: number) => Promise<Record<string, string>>;
  /** The address to reach it by (default http://127.0.0.1:PORT). */
  origin?: (port: number) => string;
  /** The fetch of the health check (an HTTPS server signed by a local authority needs one that trusts it). */
  fetch?: typeof fetch;
}

/** Starts the product as `npm start` does (built web app, real config), on a fresh data folder. */
export async function startServer(name: string, env: Record<string, string> = {}, opts: ServerOptions = {}): Promise<RunningServer> {
  mkdirSync(artifactsDir, { recursive: true });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `presente-e2e-${name}-`));
  const prepared = (await opts.prepare?.(dataDir, port)) ?? {};
  const log = createWriteStream(join(artifactsDir, `server-${name}.log`));
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      ALTCHA_COST: '200',
      RATE_LIMIT_SCALE: '20',
      // One face worker per server keeps the two e2e servers light; the engine still loads for real.
      FACE_WORKERS: '1',
      LOG_LEVEL: 'info',
      // The webhook journey's receiver listens on 127.0.0.1 (refused by default: decision 0058).
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      ...env,
      ...prepared,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = opts.origin?.(port) ?? `http://127.0.0.1:${port}`;
  const get = opts.fetch ?? fetch;
  const deadline = Date.now() + 90_000;
  let healthy = false;
  while (!healthy && Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited (${child.exitCode}); see e2e/artifacts/server-${name}.log`);
    try {
      healthy = (await get(`${url}/api/health`)).ok;
    } catch {}
    if (!healthy) await new Promise((r) => setTimeout(r, 300));
  }
  if (!healthy) {
    child.kill('SIGTERM');
    throw new Error(`server ${name} did not answer /api/health within 90 s; see e2e/artifacts/server-${name}.log`);
  }
  return {
    url,
    dataDir,
    child,
    /** Stops the server and removes its data folder (kept with E2E_KEEP_DATA=1, to look at the outbox or database). */
    stop: async () => {
      await new Promise<void>((res) => {
        if (child.exitCode !== null) return res();
        const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(kill);
          res();
        });
        child.kill('SIGTERM');
      });
      if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
