import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../db/client.js';
import { openPglite, openPostgres, pgliteDir, runMigrations } from '../db/client.js';
import { companies, departments, faceTemplates } from '../db/schema/index.js';
import { type BiometricKeyring, newMasterKey, openDescriptor, resolveKeyring, sealDescriptor } from '../face/seal.js';
import { resolveSessionSecret } from '../lib/secrets.js';
import { createPostgresTestDatabase, openMigratedPgliteDir } from '../test/database.js';
import { makeFactories } from '../test/factories.js';
import { startServerProcess } from '../test/server-process.js';
import { openBackup } from './backup-file.js';
import { runOps } from './cli.js';

// Round trips through the same code as npm run backup / restore (runOps), on a DATA_DIR of its own.
const onPostgres = inject('dbKind') === 'postgres';
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'presente-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const fileIn = (lines: string[]) => /\s(\S+\.tar)\s/.exec(lines.join('\n'))?.[1] ?? '';

/** A migrated PGlite DATA_DIR with one company named `name` and its session secret. */
async function pgliteDataDir(name: string) {
  const dataDir = tempDir();
  const database = await openMigratedPgliteDir(pgliteDir(dataDir));
  const company = await makeFactories(database.db).company({ name });
  await makeFactories(database.db).employee(company.id);
  const admin = await makeFactories(database.db).companyAdmin({ companyId: company.id });
  await database.close();
  const secret = resolveSessionSecret(undefined, dataDir);
  return { dataDir, company, admin, secret };
}

async function companyNames(dataDir: string) {
  const database = await openPglite({ dataDir: pgliteDir(dataDir) });
  try {
    return (await database.db.select({ name: companies.name }).from(companies)).map((c) => c.name).sort();
  } finally {
    await database.close();
  }
}

async function departmentNames(dataDir: string) {
  const database = await openPglite({ dataDir: pgliteDir(dataDir) });
  try {
    return new Set((await database.db.select({ name: departments.name }).from(departments)).map((d) => d.name));
  } finally {
    await database.close();
  }
}

async function renameAll(dataDir: string) {
  const database = await openPglite({ dataDir: pgliteDir(dataDir) });
  await database.db.update(companies).set({ name: 'Cambiada' });
  await database.close();
}

/** A company with one employee whose face template is sealed under `ring`. */
async function sealedTemplate(db: Db, ring: BiometricKeyring) {
  const company = await makeFactories(db).company({ name: 'Empresa Biométrica' });
  const employee = await makeFactories(db).employee(company.id);
  const owner = { companyId: company.id, employeeId: employee.id };
  const vector = Float32Array.from({ length: 128 }, (_, i) => Math.sin(i) / 4);
  await db.insert(faceTemplates).values({ ...owner, sealed: sealDescriptor(owner, vector, ring) });
  return { owner, vector };
}
async function openedTemplate(db: Db, owner: { companyId: string; employeeId: string }, ring: BiometricKeyring | null) {
  const [row] = await db.select().from(faceTemplates).where(eq(faceTemplates.employeeId, owner.employeeId));
  return openDescriptor(owner, row.sealed!, ring!);
}
const otherKey = () => newMasterKey().secret.toString('base64');

describe.skipIf(onPostgres)('backup and restore on PGlite', () => {
  it('carries the biometric key: sealed templates open after a restore; without that key the restore is refused and nothing moves', async () => {
    const withPglite = async <T>(dir: string, fn: (db: Db) => Promise<T>) => {
      const database = await openPglite({ dataDir: pgliteDir(dir) });
      try {
        await runMigrations(database);
        return await fn(database.db);
      } finally {
        await database.close();
      }
    };
    // The embedded default: the key file in DATA_DIR travels in the backup.
    const dataDir = tempDir();
    const ring = resolveKeyring({}, dataDir, true)!;
    const { owner, vector } = await withPglite(dataDir, (db) => sealedTemplate(db, ring));
    const file = fileIn(await runOps(['backup'], { DATA_DIR: dataDir }));
    expect((await openBackup(file)).manifest).toMatchObject({ biometricKeyIds: [ring.current.id], biometricKeyFromEnv: false });
    const elsewhere = tempDir();
    const wrong = runOps(['restore', file], { DATA_DIR: elsewhere, BIOMETRIC_KEY: otherKey() });
    await expect(wrong).rejects.toThrow(new RegExp(`Not restored: .*sealed with biometric key ${ring.current.id}`));
    expect(readdirSync(elsewhere)).toEqual([]); // refused before anything was written
    await runOps(['restore', file], { DATA_DIR: elsewhere });
    const restoredRing = resolveKeyring({}, elsewhere, false);
    expect(restoredRing?.current.id).toBe(ring.current.id);
    expect(await withPglite(elsewhere, (db) => openedTemplate(db, owner, restoredRing))).toEqual(vector);

    // BIOMETRIC_KEY in the environment: not in the backup; the restore needs it set to the same value.
    const key = otherKey();
    const envDir = tempDir();
    const envRing = resolveKeyring({ BIOMETRIC_KEY: key }, envDir, true)!;
    const sealed = await withPglite(envDir, (db) => sealedTemplate(db, envRing));
    const out = await runOps(['backup'], { DATA_DIR: envDir, BIOMETRIC_KEY: key });
    expect(out.join('\n')).toMatch(/BIOMETRIC_KEY is set in the environment and is NOT in the backup/);
    const target = tempDir();
    await expect(runOps(['restore', fileIn(out)], { DATA_DIR: target })).rejects.toThrow(/set BIOMETRIC_KEY to the same value/);
    await expect(runOps(['restore', fileIn(out)], { DATA_DIR: target, BIOMETRIC_KEY: otherKey() })).rejects.toThrow(/Not restored/);
    expect(readdirSync(target)).toEqual([]);
    await runOps(['restore', fileIn(out)], { DATA_DIR: target, BIOMETRIC_KEY: key });
    expect(await withPglite(target, (db) => openedTemplate(db, sealed.owner, envRing))).toEqual(sealed.vector);
  }, 180_000);

  it('a server started without the key that sealed the face data refuses to start, naming the key, and makes no key of its own', async () => {
    const dataDir = tempDir();
    const ring = resolveKeyring({}, tempDir(), true)!; // the key stays elsewhere: a DATA_DIR restored without it
    const database = await openMigratedPgliteDir(pgliteDir(dataDir));
    await sealedTemplate(database.db, ring);
    await database.close();
    await expect(startServerProcess('no-biometric-key', { DATA_DIR: dataDir })).rejects.toThrow(
      new RegExp(`exit 78\\)[\\s\\S]*sealed with biometric key ${ring.current.id}, which this server does not have`),
    );
    expect(existsSync(join(dataDir, 'biometric-master.key'))).toBe(false);
    expect(existsSync(join(dataDir, 'presente.lock'))).toBe(false);
  }, 120_000);

  it('npm run rotate-biometric-key re-seals every template under a new key file; the old key opens nothing after it', async () => {
    const dataDir = tempDir();
    const ring = resolveKeyring({}, dataDir, true)!;
    const database = await openMigratedPgliteDir(pgliteDir(dataDir));
    const { owner, vector } = await sealedTemplate(database.db, ring);
    await database.close();
    const out = await runOps(['rotate-biometric-key'], { DATA_DIR: dataDir });
    const rotated = resolveKeyring({}, dataDir, false)!;
    expect(rotated.keys.map((k) => k.id)).toEqual([rotated.current.id]);
    expect(rotated.current.id).not.toBe(ring.current.id);
    expect(out.join('\n')).toMatch(new RegExp(`Re-sealed 1 face templates and 0 enrolment photos with key ${rotated.current.id}`));
    const after = await openPglite({ dataDir: pgliteDir(dataDir) });
    try {
      expect(await openedTemplate(after.db, owner, rotated)).toEqual(vector);
      await expect(openedTemplate(after.db, owner, ring)).rejects.toThrow(/unknown key/);
    } finally {
      await after.close();
    }
    expect(existsSync(join(dataDir, 'presente.lock'))).toBe(false);

    // With BIOMETRIC_KEY: the new key there, the old one in BIOMETRIC_KEY_PREVIOUS; without the old one it says how.
    const [oldKey, newKey] = [rotated.current.secret.toString('base64'), otherKey()];
    await expect(runOps(['rotate-biometric-key'], { DATA_DIR: dataDir, BIOMETRIC_KEY: newKey })).rejects.toThrow(/BIOMETRIC_KEY_PREVIOUS/);
    const envOut = await runOps(['rotate-biometric-key'], { DATA_DIR: dataDir, BIOMETRIC_KEY: newKey, BIOMETRIC_KEY_PREVIOUS: oldKey });
    expect(envOut.join('\n')).toMatch(/Re-sealed 1 face templates[\s\S]*Remove BIOMETRIC_KEY_PREVIOUS/);
    const envRing = resolveKeyring({ BIOMETRIC_KEY: newKey }, dataDir, false);
    const last = await openPglite({ dataDir: pgliteDir(dataDir) });
    try {
      expect(await openedTemplate(last.db, owner, envRing)).toEqual(vector);
      await expect(openedTemplate(last.db, owner, rotated)).rejects.toThrow(/unknown key/);
    } finally {
      await last.close();
    }
  }, 180_000);

  it('round-trips a stopped server: the data and the session secret come back, the old ones are kept aside', async () => {
    const { dataDir, secret } = await pgliteDataDir('Empresa Original');
    const biometricKey = `${newMasterKey().secret.toString('base64')}\n`;
    writeFileSync(join(dataDir, 'biometric-master.key'), biometricKey, { mode: 0o600 });
    const env = { DATA_DIR: dataDir };
    const out = await runOps(['backup'], env);
    const file = fileIn(out);
    expect((await openBackup(file)).manifest.keys).toEqual(['biometric-master.key', 'session-secret']);
    rmSync(join(dataDir, 'biometric-master.key'));
    // A plain tar: the operator's own tools read it.
    expect(spawnSync('tar', ['tf', file], { encoding: 'utf8' }).stdout.trim().split('\n')).toEqual([
      'presente-backup.json',
      'database/pgdata.tar.gz',
      'keys/biometric-master.key',
      'keys/session-secret',
    ]);
    expect(basename(file)).toMatch(/^presente-\d{4}-\d\d-\d\dT\d{6}Z-pglite\.tar$/);
    expect(out.join('\n')).toMatch(/server stopped.*\n.*\d (KB|MB)\n.*keys \(biometric-master.key, session-secret\)/);
    expect(existsSync(join(dataDir, 'presente.lock'))).toBe(false); // our lock was released

    await renameAll(dataDir);
    writeFileSync(join(dataDir, 'session-secret'), 'x'.repeat(64)); // as if the keys were lost too
    const restored = await runOps(['restore', file], env);
    expect(restored.join('\n')).toMatch(/kept in .*before-restore-/);

    expect(await companyNames(dataDir)).toEqual(['Empresa Original']);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8')).toBe(secret);
    expect(readFileSync(join(dataDir, 'biometric-master.key'), 'utf8')).toBe(biometricKey);
    const aside = readdirSync(dataDir).find((n) => n.startsWith('before-restore-'))!;
    expect(readFileSync(join(dataDir, aside, 'session-secret'), 'utf8')).toBe('x'.repeat(64));
    expect(await companyNames(join(dataDir, aside))).toEqual(['Cambiada']); // the replaced database, intact
  }, 120_000);

  it('backs up while the real server runs and writes (it makes the dump), and refuses to restore until it stops', async () => {
    const { dataDir, admin } = await pgliteDataDir('Empresa Viva');
    const server = await startServerProcess('backup', { DATA_DIR: dataDir });
    // A writer creates departments one after another through the API for the whole backup.
    const acknowledged: string[] = [];
    let writing = true;
    let firstFive = () => {};
    const fiveWritten = new Promise<void>((r) => (firstFive = r));
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const res = await fetch(`${server.url}/api/company-admin-simple/departments`, {
          method: 'POST',
          headers: { cookie: `presente_session=${admin.sessionToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Área ${i}` }),
        });
        if (res.status >= 300) throw new Error(`department write answered ${res.status}: ${await res.text()}`);
        acknowledged.push(`Área ${i}`);
        if (acknowledged.length === 5) firstFive();
      }
    })();
    let file: string;
    let before: string[];
    try {
      await Promise.race([fiveWritten, writer]);
      before = [...acknowledged];
      const out = await runOps(['backup'], { DATA_DIR: dataDir });
      expect(out[0]).toContain('from the running server');
      file = fileIn(out);
      expect(existsSync(file)).toBe(true);
      await expect(runOps(['restore', file], { DATA_DIR: dataDir })).rejects.toThrow(/server is running on this DATA_DIR \(pid \d+\)\. Stop it/);
      expect((await fetch(`${server.url}/api/health`)).ok).toBe(true); // the request did not disturb it
    } finally {
      writing = false;
      await writer.catch(() => {});
      await server.stop();
    }
    await renameAll(dataDir);
    await runOps(['restore', file], { DATA_DIR: dataDir });
    expect(await companyNames(dataDir)).toContain('Empresa Viva');
    expect(await companyNames(dataDir)).not.toContain('Cambiada');
    // Every write acknowledged before the backup began is in it; nothing in it was never written.
    const restored = await departmentNames(dataDir);
    for (const name of before) expect(restored.has(name)).toBe(true);
    for (const name of restored) expect(acknowledged.includes(name) || name === `Área ${acknowledged.length}`).toBe(true);
  }, 180_000);

  it("never signals a process that is not the listening server (a dead server's pid reused by another program)", async () => {
    const { dataDir } = await pgliteDataDir('Empresa Pid');
    // Another program: it echoes what it reads (SIGUSR2, having no handler, would end it).
    const other = spawn(process.execPath, ['-e', 'process.stdin.pipe(process.stdout)'], { stdio: ['pipe', 'pipe', 'ignore'] });
    try {
      // A crash left the lock and the listener file; the pid now belongs to another program.
      writeFileSync(join(dataDir, 'presente.lock'), String(other.pid));
      mkdirSync(join(dataDir, 'backups'), { recursive: true });
      writeFileSync(join(dataDir, 'backups', '.listening'), JSON.stringify({ pid: other.pid, startTime: 'another start' }));
      await expect(runOps(['backup'], { DATA_DIR: dataDir })).rejects.toThrow(/does not take backup requests/);
      // A signal sent would be handled before the program reads again: its echo proves none came.
      const echo = new Promise<string>((res) => {
        other.stdout!.once('data', (d) => res(String(d)));
        other.once('exit', (code, signal) => res(`exited ${code ?? signal}`));
      });
      other.stdin!.write('ping');
      expect(await echo).toBe('ping');
    } finally {
      other.kill();
    }
  }, 120_000);

  it('refuses a PostgreSQL target for a PGlite backup, and a file that is no backup', async () => {
    const { dataDir } = await pgliteDataDir('Empresa Tipo');
    const file = fileIn(await runOps(['backup'], { DATA_DIR: dataDir }));
    await expect(runOps(['restore', file], { DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(
      /PGlite \(embedded database\) backup, but DATABASE_URL is set/,
    );
    const junk = join(dataDir, 'junk.tar');
    writeFileSync(junk, 'PGDMP not really');
    await expect(runOps(['restore', junk], { DATA_DIR: dataDir })).rejects.toThrow(/not a Presente backup.*plain pg_dump/);
  }, 120_000);
});

describe.skipIf(!onPostgres)('backup and restore on PostgreSQL', () => {
  const scratch: string[] = [];
  const admin = () => new pg.Client({ connectionString: inject('pgAdminUrl') });
  afterAll(async () => {
    const c = admin();
    await c.connect();
    for (const name of scratch) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  async function emptyDatabase() {
    const name = `${inject('pgTemplate')}_restore_${scratch.length}`;
    const c = admin();
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    scratch.push(name);
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${name}`;
    return url.toString();
  }
  async function names(url: string) {
    const database = openPostgres(url, 1);
    try {
      return (await database.db.select({ name: companies.name }).from(companies)).map((c) => c.name).sort();
    } finally {
      await database.close();
    }
  }

  it('carries the biometric key: sealed templates open after a restore; a restore with another key is refused', async () => {
    const source = await createPostgresTestDatabase();
    const dataDir = tempDir();
    const ring = resolveKeyring({}, dataDir, true)!;
    const database = openPostgres(source, 2);
    const { owner, vector } = await sealedTemplate(database.db, ring);
    await database.close();
    const file = fileIn(await runOps(['backup'], { DATA_DIR: dataDir, DATABASE_URL: source }));
    const target = await emptyDatabase();
    const fresh = tempDir();
    await expect(runOps(['restore', file], { DATA_DIR: fresh, DATABASE_URL: target, BIOMETRIC_KEY: otherKey() })).rejects.toThrow(
      new RegExp(`Not restored: .*sealed with biometric key ${ring.current.id}`),
    );
    expect(readdirSync(fresh)).toEqual([]);
    await runOps(['restore', file], { DATA_DIR: fresh, DATABASE_URL: target });
    const restored = openPostgres(target, 1);
    try {
      expect(await openedTemplate(restored.db, owner, resolveKeyring({}, fresh, false))).toEqual(vector);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('round-trips through pg_dump into an empty database, refuses a non-empty one unless --force', async () => {
    const source = await createPostgresTestDatabase();
    const database = openPostgres(source, 2);
    const company = await makeFactories(database.db).company({ name: 'Empresa PG' });
    await makeFactories(database.db).employee(company.id);
    await database.close();
    const dataDir = tempDir();
    const secret = resolveSessionSecret(undefined, dataDir);

    const out = await runOps(['backup'], { DATA_DIR: dataDir, DATABASE_URL: source });
    const file = fileIn(out);
    expect(basename(file)).toMatch(/-postgres\.tar$/);

    const target = await emptyDatabase();
    rmSync(join(dataDir, 'session-secret')); // a new machine: no keys yet
    await runOps(['restore', file], { DATA_DIR: dataDir, DATABASE_URL: target });
    expect(await names(target)).toEqual(['Empresa PG']);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8')).toBe(secret);

    // The restored database is whole: the server's migrations find nothing left to do.
    const migrated = openPostgres(target, 1);
    await runMigrations(migrated);
    await migrated.db.update(companies).set({ name: 'Cambiada' }).where(eq(companies.id, company.id));
    await migrated.close();

    await expect(runOps(['restore', file], { DATA_DIR: dataDir, DATABASE_URL: target })).rejects.toThrow(/is not empty .*--force/s);
    expect(await names(target)).toEqual(['Cambiada']);
    await runOps(['restore', file, '--force'], { DATA_DIR: dataDir, DATABASE_URL: target });
    expect(await names(target)).toEqual(['Empresa PG']);

    await expect(runOps(['restore', file], { DATA_DIR: dataDir })).rejects.toThrow(/PostgreSQL backup \(pg_dump\), but DATABASE_URL is not set/);
  }, 120_000);
});
