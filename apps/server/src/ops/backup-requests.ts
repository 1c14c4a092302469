import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'pino';
import { processStartTime } from '../db/client.js';
import { privateDir } from './backup-file.js';

// The running server's part of `npm run backup` on PGlite (decision 0027). PGlite is single-process and the
// server holds DATA_DIR's lock, so only this process can read the database. `npm run backup` asks it
// through the file system and a signal, not over HTTP: a request file in DATA_DIR/backups plus SIGUSR2 to
// the pid in the lock. Only the server's own user (or root) can do both, so there is no endpoint to guard.

export const REQUEST_SIGNAL = 'SIGUSR2';
/**
 * Names the server that answers requests, by pid and start time; the CLI signals no other process (SIGUSR2
 * kills a process without a handler: an older server, or a program that got a dead server's pid).
 */
export const LISTENER_FILE = '.listening';
interface Listener {
  pid: number;
  startTime: string | null;
}
export function readListener(dir: string): Listener | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, LISTENER_FILE), 'utf8')) as Listener;
  } catch {
    return undefined;
  }
}
export const requestsDir = (dataDir: string) => join(dataDir, 'backups');
export const requestFile = (dataDir: string, id: string) => join(requestsDir(dataDir), `.${id}.request`);
export const dumpFile = (dataDir: string, id: string) => join(requestsDir(dataDir), `.${id}.pgdata.tar`);
export const resultFile = (dataDir: string, id: string) => join(requestsDir(dataDir), `.${id}.result.json`);

export interface DumpResult {
  ok: boolean;
  bytes?: number;
  ms?: number;
  error?: string;
}

/**
 * Writes PGlite's own consistent image of the data folder, `dumpDataDir()`, to `dest`. PGlite takes it
 * between two statements under its query lock, as a synchronous read of every file: a crash-consistent
 * snapshot (data files + WAL of one instant) that PostgreSQL's recovery makes whole on load; a transaction
 * open at that instant is rolled back. The CHECKPOINT first keeps that replay short.
 */
export async function dumpPglite(client: PGlite, dest: string): Promise<DumpResult> {
  const started = performance.now();
  await client.query('checkpoint');
  const tar = await client.dumpDataDir('none');
  const bytes = Buffer.from(await tar.arrayBuffer());
  const partial = `${dest}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, dest);
  return { ok: true, bytes: bytes.length, ms: Math.round(performance.now() - started) };
}

/** Answers backup requests while the server runs on PGlite; returns the function that stops listening. */
export function listenForBackupRequests(dataDir: string, client: PGlite, log: Pick<Logger, 'info' | 'error'>): () => void {
  const dir = privateDir(requestsDir(dataDir));
  const listener = join(dir, LISTENER_FILE);
  // Left by a server that died mid-request: nobody waits for them (a waiting command watches that pid).
  for (const name of readdirSync(dir)) {
    if (/^\..+\.(request|pgdata\.tar(\.partial)?|result\.json)$/.test(name)) rmSync(join(dir, name), { force: true });
  }
  let queue = Promise.resolve();
  const serve = async () => {
    for (const name of readdirSync(dir)) {
      const id = /^\.(.+)\.request$/.exec(name)?.[1];
      if (!id) continue;
      rmSync(requestFile(dataDir, id), { force: true }); // taken: a second signal does not dump it twice
      let result: DumpResult;
      try {
        result = await dumpPglite(client, dumpFile(dataDir, id));
        log.info({ bytes: result.bytes, ms: result.ms }, 'backup: database dumped for npm run backup');
      } catch (err) {
        log.error({ err }, 'backup: dumping the database failed');
        result = { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
      writeFileSync(resultFile(dataDir, id), JSON.stringify(result), { mode: 0o600 });
    }
  };
  const onSignal = () => {
    queue = queue.then(serve, serve);
  };
  try {
    process.on(REQUEST_SIGNAL, onSignal);
  } catch (err) {
    // No SIGUSR2 (Windows): no listener file either, so npm run backup says to stop the server instead.
    log.error({ err }, 'backup: cannot take backup requests on this system; stop the server to back up');
    return () => {};
  }
  writeFileSync(listener, JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid) } satisfies Listener), { mode: 0o600 });
  const stop = () => {
    process.off(REQUEST_SIGNAL, onSignal);
    if (readListener(dir)?.pid === process.pid) rmSync(listener, { force: true });
  };
  process.once('exit', stop);
  return stop;
}
