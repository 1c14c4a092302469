import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { hasPgliteData, lockDataDir, pgliteDir, processStartTime } from '../db/client.js';
import { extractEntry } from './archive.js';
import { BackupError, type BackupNotes, type OpenedBackup, privateDir, restoreKeys, timestamp, writeBackup } from './backup-file.js';
import { type DumpResult, dumpFile, dumpPglite, REQUEST_SIGNAL, readListener, requestFile, requestsDir, resultFile } from './backup-requests.js';

const stillAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The live pid in DATA_DIR's lock file, if any (for messages; whether the lock holds is lockDataDir's call). */
function lockPid(dataDir: string): number | undefined {
  const lock = join(dataDir, 'presente.lock');
  const pid = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : 0;
  return pid && pid !== process.pid && stillAlive(pid) ? pid : undefined;
}

/**
 * The server that answers backup requests on this DATA_DIR: the listener file names a live pid that started
 * when it says and holds the lock. A pid reused by another program after a crash never gets SIGUSR2.
 */
function listeningServer(dataDir: string): number | undefined {
  const listener = readListener(requestsDir(dataDir));
  if (!listener || listener.pid !== lockPid(dataDir)) return undefined;
  const started = processStartTime(listener.pid);
  return started && started === listener.startTime ? listener.pid : undefined;
}

/** How long the CLI waits for the running server's dump (a large database takes a while; this is no test limit). */
const SERVER_DUMP_WAIT_MS = 30 * 60_000;

/** Asks the running server (pid) for a dump and waits for its answer, polling its result file. */
async function dumpFromServer(dataDir: string, pid: number): Promise<{ file: string; result: DumpResult }> {
  const id = randomBytes(8).toString('hex');
  const result = resultFile(dataDir, id);
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
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (err) {
    const pid = lockPid(dataDir);
    if (!pid) throw err;
    throw new BackupError(
      `The server running on this DATA_DIR (pid ${pid}) does not take backup requests (started before this version?). ` +
        'Restart it with this version, or stop it and run npm run backup again.',
    );
  }
  try {
    const client = await PGlite.create(pgliteDir(dataDir));
    const file = dumpFile(dataDir, randomBytes(8).toString('hex'));
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
  /** How the dump was taken: PGlite by the running server or with it stopped; pg_dump. */
  via: 'from the running server' | 'server stopped' | 'pg_dump';
  /** DATA_DIR's key files in the backup. */
  keys: string[];
}

/** `npm run backup` on PGlite: from the running server when there is one, else from the folder itself. */
export async function backupPglite(dataDir: string, out: string, notes: BackupNotes): Promise<BackupOutcome> {
  if (!hasPgliteData(dataDir)) throw new BackupError(`There is no PGlite database in ${pgliteDir(dataDir)} (is DATA_DIR right?).`);
  const started = performance.now();
  privateDir(requestsDir(dataDir));
  const pid = listeningServer(dataDir);
  const dump = pid ? await dumpFromServer(dataDir, pid) : await dumpStopped(dataDir);
  const gz = `${dump.file}.gz`;
  let keys: string[] = [];
  try {
    // Compressed here, not by dumpDataDir('gzip'): PGlite would hold its query lock while compressing.
    await pipeline(createReadStream(dump.file), createGzip({ level: 6 }), createWriteStream(gz, { mode: 0o600 }));
    keys = (await writeBackup(out, 'pglite', gz, dataDir, notes)).keys;
  } finally {
    rmSync(dump.file, { force: true });
    rmSync(gz, { force: true });
  }
  const { size } = statSync(out);
  return { file: out, bytes: size, ms: Math.round(performance.now() - started), via: pid ? 'from the running server' : 'server stopped', keys };
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
    const pid = lockPid(dataDir);
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
