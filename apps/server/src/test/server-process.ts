import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const serverRoot = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process printed (for failure messages). */
  output(): string;
  /** The data folder the process uses (DATA_DIR of `env`, else a fresh temporary one that stop removes). */
  dataDir: string;
  /** SIGTERM, then the temporary data folder is removed unless `keepData`. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  /** kill -9: no shutdown code runs (a crash, the OOM killer). Resolves once the process is gone. */
  kill(): Promise<void>;
}

/** A port nothing listens on now (the kernel's pick, released at once). */
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

/**
 * Starts the real server (src/main.ts, or its compiled bundle as `npm start` runs it) in its own Node process on a free port
 * and waits for /api/health (or `until` its output). `env` adds to a light production setup: no face engine, no web app.
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  opts: { compiled?: string; until?: (output: string) => boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `presente-proc-${name}-`));
  let out = '';
  // `compiled`: the bundle scripts/build-server.mjs writes (what `npm start` runs) instead of the TypeScript sources.
  const args = opts.compiled ? ['--enable-source-maps', opts.compiled] : ['--import', 'tsx', join(serverRoot, 'src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FACE_WORKERS: '0',
      WEB_DIST: join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '20',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async ({ keepData = false } = {}) => {
    await new Promise<void>((res) => {
      if (child.exitCode !== null || child.signalCode !== null) return res();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        res();
      });
      child.kill('SIGTERM');
    });
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = () =>
    new Promise<void>((res) => {
      if (child.exitCode !== null || child.signalCode !== null) return res();
      child.once('exit', () => res());
      child.kill('SIGKILL');
    });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    // `until`: a process without HTTP (the face role alone) is ready when its output says so.
    if (opts.until?.(out)) return { url, child, output: () => out, dataDir: env.DATA_DIR ?? dataDir, stop, kill };
    try {
      if (!opts.until && (await fetch(`${url}/api/health`)).ok) return { url, child, output: () => out, dataDir: env.DATA_DIR ?? dataDir, stop, kill };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`server process ${name} did not answer /api/health (exit ${child.exitCode}):\n${out}`);
}
