import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { RLS_ROLES_SQL } from '../db/tenant.js';
import { extractEntry } from './archive.js';
import { BackupError, type BackupNotes, type OpenedBackup, privateDir, restoreKeys, timestamp, writeBackup } from './backup-file.js';
import type { BackupOutcome, RestoreOutcome } from './pglite-backup.js';

// PostgreSQL backups are pg_dump's custom format (compressed, restorable table by table, read by pg_restore).
// pg_dump takes one snapshot, so the running servers need not stop. The tools come from the operating system
// (Debian: postgresql-client), of the server's major version or newer: pg_dump refuses a newer server.

/** The URL without its password (which would show in `ps`) and the environment that carries it instead. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (err) => {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      reject(
        new BackupError(
          missing
            ? `${tool} is not installed. Install PostgreSQL's client tools (Debian/Ubuntu: apt-get install postgresql-client), of your server's major version or newer.`
            : `${tool}: ${err.message}`,
        ),
      );
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

export async function backupPostgres(url: string, dataDir: string, out: string, notes: BackupNotes): Promise<BackupOutcome> {
  const started = performance.now();
  const { dbname, env } = connection(url);
  const dump = join(privateDir(join(dataDir, 'backups')), `.${randomBytes(8).toString('hex')}.pgdump`);
  let keys: string[] = [];
  try {
    await run('pg_dump', ['--format=custom', '--file', dump, '--dbname', dbname], env);
    keys = (await writeBackup(out, 'postgres', dump, dataDir, notes)).keys;
  } finally {
    rmSync(dump, { force: true });
  }
  return { file: out, bytes: statSync(out).size, ms: Math.round(performance.now() - started), via: 'pg_dump', keys };
}

/** Tables, views and sequences outside PostgreSQL's own schemas: a database with any is not empty. */
async function userRelations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind in ('r','p','v','m','S','f') and s.nspname not in ('pg_catalog','information_schema')
          and s.nspname not like 'pg_toast%' and s.nspname not like 'pg_temp%'`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/**
 * `npm run restore` on PostgreSQL: into an empty database, in one transaction (all or nothing). With `force`
 * a non-empty one is accepted and the backup's objects replace theirs (pg_restore --clean).
 */
export async function restorePostgres(file: string, backup: OpenedBackup, url: string, dataDir: string, force: boolean): Promise<RestoreOutcome> {
  const { dbname, env } = connection(url);
  const existing = await userRelations(url).catch((err: Error) => {
    throw new BackupError(`Cannot connect to DATABASE_URL's database: ${err.message}. Create it first (createdb), empty.`);
  });
  if (existing > 0 && !force) {
    throw new BackupError(
      `The database in DATABASE_URL is not empty (${existing} tables, views or sequences). Restore into an empty database ` +
        '(e.g. createdb presente_restored and point DATABASE_URL at it), or pass --force to replace what the backup holds.',
    );
  }
  const dump = join(privateDir(join(dataDir, 'backups')), `.${randomBytes(8).toString('hex')}.pgdump`);
  try {
    await extractEntry(file, backup.database, dump);
    // The dump's policies and grants name presente_tenant and presente_bypass, which pg_dump does not carry
    // (roles belong to the cluster): made first when this cluster lacks them (decision 0030).
    const roles = new pg.Client({ connectionString: url });
    await roles.connect();
    try {
      await roles.query(RLS_ROLES_SQL);
    } finally {
      await roles.end();
    }
    // --no-owner: objects belong to DATABASE_URL's user (who runs the migrations), whoever owned them before.
    const args = ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', dbname];
    if (force) args.push('--clean', '--if-exists');
    await run('pg_restore', [...args, dump], env);
  } finally {
    rmSync(dump, { force: true });
  }
  let aside: string | undefined;
  const stamp = timestamp();
  const keys = await restoreKeys(file, backup, dataDir, () => (aside ??= privateDir(join(dataDir, `before-restore-${stamp}`))));
  return { aside, keys };
}
