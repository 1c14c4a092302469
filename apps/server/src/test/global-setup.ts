import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, runMigrations } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    pgliteTemplate: string;
    pgTemplate: string;
    pgAdminUrl: string;
  }
}

export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Migrates one template database per run; every test file then starts from a copy of it
 * (a PGlite dump loaded in memory, or CREATE DATABASE ... TEMPLATE on PostgreSQL).
 */
export default async function setup(project: TestProject) {
  const kind = (project.config.env?.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
  project.provide('dbKind', kind);
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'presente-tpl-'));
    const db = await openPglite();
    await runMigrations(db);
    const dump = await db.client.dumpDataDir('none');
    await db.close();
    const file = join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('pgTemplate', '');
    project.provide('pgAdminUrl', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const template = `presente_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${template}`;
  const db = openPostgres(url.toString(), 1);
  await runMigrations(db);
  await db.close();
  project.provide('pgliteTemplate', '');
  project.provide('pgTemplate', template);
  project.provide('pgAdminUrl', PG_ADMIN_URL);
  return async () => {
    // Drop the per-file copies and the template.
    const { rows } = await admin.query(`select datname from pg_database where datname like $1`, [`${template}%`]);
    for (const r of rows.reverse()) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.end();
  };
}
