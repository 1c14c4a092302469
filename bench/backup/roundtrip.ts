// npm run bench:backup: the time and size of `npm run backup` and `npm run restore` (the real commands, as
// child processes) for a small and a medium company, on PGlite (a stopped server's DATA_DIR) and on a scratch
// PostgreSQL database (created and dropped here). One JSON line per database and size; figures, not a test.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres, pgliteDir, runMigrations } from '../../apps/server/src/db/client.js';
import { seedCompany } from '../attendance/seed.js';

const root = resolve(import.meta.dirname, '../..');
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = { small: 50, medium: 2000 }; // employees, each with a month of records

function npm(script: string, args: string[], env: Record<string, string>) {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', script, '--', ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`npm run ${script} failed:\n${run.stdout}${run.stderr}`);
  return { ms: Math.round(performance.now() - started), out: run.stdout };
}
const fileOf = (out: string) => /\s(\S+\.tar)\s/.exec(out)?.[1] ?? '';

async function seed(database: Database, employees: number) {
  await runMigrations(database);
  const { company } = await seedCompany(database.db, employees, 2026, 10);
  return company;
}

async function scratch(admin: pg.Client) {
  const name = `presente_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

for (const [size, employees] of Object.entries(SIZES)) {
  if (process.env.DB !== 'postgres') {
    const dataDir = mkdtempSync(join(tmpdir(), 'presente-bench-backup-'));
    const lite = await openPglite({ dataDir: pgliteDir(dataDir) });
    await seed(lite, employees);
    await lite.close();
    const backup = npm('backup', [], { DATA_DIR: dataDir });
    const file = fileOf(backup.out);
    const restore = npm('restore', [file], { DATA_DIR: dataDir });
    const line = { bench: 'backup', db: 'pglite', size, employees, backupMs: backup.ms, backupBytes: statSync(file).size, restoreMs: restore.ms };
    console.log(JSON.stringify(line));
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DB === 'pglite') continue;
  const admin = new pg.Client({ connectionString: PG, connectionTimeoutMillis: 3000 });
  const dataDir = mkdtempSync(join(tmpdir(), 'presente-bench-backup-'));
  const made: string[] = [];
  try {
    await admin.connect();
    const source = await scratch(admin);
    made.push(source.name);
    const db = openPostgres(source.url, 4);
    await seed(db, employees).finally(() => db.close());
    const backup = npm('backup', [], { DATA_DIR: dataDir, DATABASE_URL: source.url });
    const file = fileOf(backup.out);
    const target = await scratch(admin);
    made.push(target.name);
    const restore = npm('restore', [file], { DATA_DIR: dataDir, DATABASE_URL: target.url });
    const line = { bench: 'backup', db: 'postgres', size, employees, backupMs: backup.ms, backupBytes: statSync(file).size, restoreMs: restore.ms };
    console.log(JSON.stringify(line));
  } catch (err) {
    console.log(JSON.stringify({ bench: 'backup', db: 'postgres', size, skipped: (err as Error).message }));
  } finally {
    for (const name of made) await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}
