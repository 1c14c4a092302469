import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { closeAfterFile } from './open-apps.js';

/** A fresh, migrated database for one test file (from the run's template). */
export async function openTestDatabase(): Promise<Database> {
  const database =
    inject('dbKind') === 'pglite'
      ? await openPglite({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) })
      : openPostgres(await createPostgresTestDatabase(), 5);
  closeAfterFile(() => database.close());
  return database;
}

/**
 * A migrated PGlite database on disk, in an empty `dataDir` (a server's DATA_DIR/pglite): the run's template is
 * loaded into it (about half the time of migrating it again). PGlite project only.
 */
export async function openMigratedPgliteDir(dataDir: string): Promise<Database> {
  return openPglite({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
}

/**
 * On the PostgreSQL project: a fresh, migrated database (a copy of the run's template, dropped with it)
 * and its URL, for tests that need it outside this process (two server processes sharing one database).
 */
export async function createPostgresTestDatabase(): Promise<string> {
  if (inject('dbKind') !== 'postgres') throw new Error('createPostgresTestDatabase needs the server-postgres project');
  const template = inject('pgTemplate');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}
