import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type ArchiveEntry, type Entry, listArchive, readEntry, writeArchive } from './archive.js';

// What one backup file holds (decision 0027): a manifest first, the database (a PGlite data-dir tarball or a
// pg_dump custom-format file), then DATA_DIR's key files, so the restored data can be used: the session
// secret seals the kiosk links' tokens and signs cookies; a key added later (issue 18's biometric master key)
// is a file at DATA_DIR's top level too and is carried without changing this code.

export type BackupKind = 'pglite' | 'postgres';

export interface Manifest {
  format: 'presente-backup';
  version: 1;
  kind: BackupKind;
  createdAt: string;
  /** The archive entry holding the database. */
  database: string;
  /** DATA_DIR's key files carried (archive entries under keys/). */
  keys: string[];
  /** SESSION_SECRET came from the environment: it is not in the backup and must be kept by hand. */
  sessionSecretFromEnv: boolean;
  /** The biometric master keys that may have sealed its face data (ids only; decision 0029). Absent: older backup. */
  biometricKeyIds?: string[];
  /** They came from BIOMETRIC_KEY: not in the backup, kept by hand. */
  biometricKeyFromEnv?: boolean;
}

/** What the command knows of the environment when it writes a backup. */
export type BackupNotes = Pick<Manifest, 'sessionSecretFromEnv' | 'biometricKeyIds' | 'biometricKeyFromEnv'>;

const MANIFEST = 'presente-backup.json';
export const DATABASE_ENTRY: Record<BackupKind, string> = { pglite: 'database/pgdata.tar.gz', postgres: 'database/database.pgdump' };
export const KIND_LABEL: Record<BackupKind, string> = { pglite: 'PGlite (embedded, DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' };

/** Not keys: the lock and its companions (presente.lock.owner) belong to the process that ran, and temporaries. */
const notAKey = (name: string) => name.startsWith('presente.lock') || name.startsWith('.');

/** DATA_DIR's top-level files the server made for itself (keys, secrets). */
export function keyFiles(dataDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir)
    .filter((name) => !notAKey(name))
    .filter((name) => statSync(join(dataDir, name)).isFile())
    .sort();
}

/** `2026-11-25T203317Z`: UTC, sorts by date, no colons (file names on every system). */
export const timestamp = (at = new Date()) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '');

/** `presente-2026-11-25T203317Z-pglite.tar`: sorts by date, says what it holds. */
export const backupName = (kind: BackupKind, at = new Date()) => `presente-${timestamp(at)}-${kind}.tar`;

/** A folder under DATA_DIR only the server's user can read (backups hold keys). */
export function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export async function writeBackup(out: string, kind: BackupKind, databaseFile: string, dataDir: string, notes: BackupNotes) {
  const keys = keyFiles(dataDir);
  const manifest: Manifest = {
    format: 'presente-backup',
    version: 1,
    kind,
    createdAt: new Date().toISOString(),
    database: DATABASE_ENTRY[kind],
    keys,
    ...notes,
  };
  const entries: Entry[] = [
    { name: MANIFEST, data: `${JSON.stringify(manifest, null, 2)}\n` },
    { name: manifest.database, path: databaseFile },
    ...keys.map((name) => ({ name: `keys/${name}`, path: join(dataDir, name) })),
  ];
  // Written under a temporary name and renamed: a half-written backup never carries the final name.
  const partial = join(out, '..', `.${basename(out)}.partial`);
  await writeArchive(partial, entries);
  renameSync(partial, out);
  return manifest;
}

export class BackupError extends Error {}

export interface OpenedBackup {
  manifest: Manifest;
  database: ArchiveEntry;
  keys: Map<string, ArchiveEntry>;
}

/** Reads a backup's manifest; a file that is not one is refused with what it looks like. */
export async function openBackup(file: string): Promise<OpenedBackup> {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const entries = await listArchive(file);
  const first = entries?.[0];
  if (!entries || first?.name !== MANIFEST) {
    const head = (await readEntry(file, { name: '', size: 8, offset: 0 })).toString('latin1');
    const looks = head.startsWith('PGDMP')
      ? ' It looks like a plain pg_dump file: restore it with pg_restore directly.'
      : head.startsWith('\x1f\x8b')
        ? ' It looks like a gzip file (a PGlite dumpDataDir tarball?), not a Presente backup.'
        : '';
    throw new BackupError(`${file} is not a Presente backup (made by npm run backup).${looks}`);
  }
  const manifest = JSON.parse((await readEntry(file, first)).toString('utf8')) as Manifest;
  const database = entries.find((e) => e.name === manifest.database);
  if (manifest.format !== 'presente-backup' || !database) throw new BackupError(`${file} is damaged: its database entry is missing.`);
  const keys = new Map(entries.filter((e) => e.name.startsWith('keys/')).map((e) => [e.name.slice('keys/'.length), e]));
  return { manifest, database, keys };
}

/**
 * Puts the backup's key files into DATA_DIR (mode 600). A different file already there is moved into `aside`
 * first, never overwritten: it may be the only copy of the key of other data.
 */
export async function restoreKeys(file: string, backup: OpenedBackup, dataDir: string, aside: () => string): Promise<string[]> {
  const restored: string[] = [];
  for (const [name, entry] of backup.keys) {
    if (notAKey(name) || name.includes('/')) continue; // never a lock, never outside DATA_DIR
    const data = await readEntry(file, entry);
    const target = join(dataDir, name);
    if (existsSync(target)) {
      if (statSync(target).isFile() && readFileSync(target).equals(data)) continue;
      renameSync(target, join(aside(), name));
    }
    writeFileSync(target, data, { mode: 0o600 });
    restored.push(name);
  }
  return restored;
}
