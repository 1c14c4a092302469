import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { hasPgliteData, lockDataDir, pgliteDir } from '../db/client.js';
import { extractEntry } from './archive.js';
import { BackupError, type OpenedBackup, privateDir, restoreKeys, timestamp, writeBackup } from './backup-file.js';
import { type DumpResult, dumpFile, dumpPglite, LISTENER_FILE, REQUEST_SIGNAL, requestFile, requestsDir, resultFile } from './backup-requests.js';

/** The live pid holding DATA_DIR's lock, if any. */
function lockHolder(dataDir: string): number | undefined {
  const lock = join(dataDir, 'presente.lock');
  const pid = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : 0;
  if (!pid || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

const stillAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** How long the CLI waits for the running server's dump (a large database takes a while; this is no test limit). */
const SERVER_DUMP_WAIT_MS = 30 * 60_000;

/** Asks the running server (pid) for a dump and waits for its answer, polling its result file. */
async function dumpFromServer(dataDir: string, pid: number): Promise<{ file: string; result: DumpResult }> {
  const listener = join(requestsDir(dataDir), LISTENER_FILE);
  const listening = existsSync(listener) ? Number(readFileSync(listener, 'utf8')) : 0;
  if (listening !== pid) {
    throw new BackupError(
      `The server running on this DATA_DIR (pid ${pid}) does not take backup requests (started before this version?). ` +
        'Restart it with this version, or stop it and run npm run backup again.',
    );
  }
  const id = randomBytes(8).toString('hex');
  const result = resultFile(dataDir, id);
  privateDir(requestsDir(dataDir));
  writeFileSync(requestFile(dataDir, id), '', { mode: 0o600 });
  try {
    process.kill(pid, REQUEST_SIGNAL);
    const deadline = Date.now() + SERVER_DUMP_WAIT_MS;
    while (!existsSync(result)) {
      if (!stillAlive(pid)) throw new BackupError(`The server (pid ${pid}) stopped before the backup was written.`);
      if (Date.now() > deadline) throw new BackupError(`The server (pid ${pid}) did not write the backup within 30 minutes; see its log.`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const answer = JSON.parse(readFileSync(result, 'utf8')) as DumpResult;
    if (!answer.ok) throw new BackupError(`The server could not dump the database: ${answer.error}`);
    return { file: dumpFile(dataDir, id), result: answer };
  } catch (err) {
    rmSync(dumpFile(dataDir, id), { force: true });
    throw err;
  } finally {
    rmSync(requestFile(dataDir, id), { force: true });
    rmSync(result, { force: true });
  }
}

/** Opens the data folder ourselves (the server is stopped; we hold the lock meanwhile so it cannot start). */
async function dumpStopped(dataDir: string): Promise<{ file: string; result: DumpResult }> {
  const unlock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(pgliteDir(dataDir));
    const file = dumpFile(dataDir, randomBytes(8).toString('hex'));
    privateDir(requestsDir(dataDir));
    try {
      return { file, result: await dumpPglite(client, file) };
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

export interface BackupOutcome {
  file: string;
  bytes: number;
  ms: number;
  via: 'running server' | 'stopped server';
}

/** `npm run backup` on PGlite: from the running server when there is one, else from the folder itself. */
export async function backupPglite(dataDir: string, out: string, sessionSecretFromEnv: boolean): Promise<BackupOutcome> {
  if (!hasPgliteData(dataDir)) throw new BackupError(`There is no PGlite database in ${pgliteDir(dataDir)} (is DATA_DIR right?).`);
  const started = performance.now();
  const pid = lockHolder(dataDir);
  const dump = pid ? await dumpFromServer(dataDir, pid) : await dumpStopped(dataDir);
  const gz = `${dump.file}.gz`;
  try {
    // Compressed here, not by dumpDataDir('gzip'): PGlite would hold its query lock while compressing.
    await pipeline(createReadStream(dump.file), createGzip({ level: 6 }), createWriteStream(gz, { mode: 0o600 }));
    await writeBackup(out, 'pglite', gz, dataDir, sessionSecretFromEnv);
  } finally {
    rmSync(dump.file, { force: true });
    rmSync(gz, { force: true });
  }
  const { size } = statSync(out);
  return { file: out, bytes: size, ms: Math.round(performance.now() - started), via: pid ? 'running server' : 'stopped server' };
}

export interface RestoreOutcome {
  /** Where the previous database and keys were moved (absent when DATA_DIR had none). */
  aside?: string;
  keys: string[];
}

/**
 * `npm run restore` on PGlite. Refused while a server holds DATA_DIR's lock; the lock is then ours until done,
 * so no server starts on a half-restored folder. The backup is loaded into a new folder and checked first;
 * only then is the old pgdata (and any key file that differs) moved aside, never deleted.
 */
export async function restorePglite(file: string, backup: OpenedBackup, dataDir: string): Promise<RestoreOutcome> {
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (err) {
    const pid = lockHolder(dataDir);
    if (!pid) throw err;
    throw new BackupError(`The server is running on this DATA_DIR (pid ${pid}). Stop it (stop npm start or its service), then run npm run restore again.`);
  }
  const stamp = timestamp();
  const staging = join(dataDir, `.pgdata.restoring-${stamp}`);
  const tar = join(dataDir, `.restore-${stamp}.tar`);
  try {
    const gz = `${tar}.gz`;
    await extractEntry(file, backup.database, gz);
    await pipeline(createReadStream(gz), createGunzip(), createWriteStream(tar, { mode: 0o600 }));
    rmSync(gz, { force: true });
    const client = await PGlite.create(staging, { loadDataDir: new Blob([readFileSync(tar)]) });
    try {
      await client.query('select count(*) from pg_class'); // the restored cluster starts and answers
    } finally {
      await client.close();
    }
    let aside: string | undefined;
    const asideDir = () => (aside ??= privateDir(join(dataDir, `before-restore-${stamp}`)));
    if (existsSync(pgliteDir(dataDir))) renameSync(pgliteDir(dataDir), join(asideDir(), 'pgdata'));
    renameSync(staging, pgliteDir(dataDir));
    const keys = await restoreKeys(file, backup, dataDir, asideDir);
    return { aside, keys };
  } finally {
    rmSync(tar, { force: true });
    rmSync(`${tar}.gz`, { force: true });
    rmSync(staging, { recursive: true, force: true });
    unlock();
  }
}
