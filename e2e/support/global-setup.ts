import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';
import { serverClockEnv } from './server-clock.js';
import { printTimings, resetTimings } from './timings.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    pgBaseUrl: string;
    pgDataDir: string;
    /** The PostgreSQL server's database ('' when not running): journeys that must seed what no API writes (decision 0061). */
    pgDatabaseUrl: string;
    /** The embedded-database server's clock file (server-clock.mjs): a journey moves it and puts it back (files run one at a time). */
    mainClockFile: string;
  }
}

const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One server on the embedded database for every journey, one on PostgreSQL for the core journeys. */
export default async function setup(project: TestProject) {
  resetTimings();
  const admin = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
  let dbName: string | undefined;
  let dbUrl = '';
  // Both servers start at once: start-up (migrations, seeding) is most of the set-up time.
  const startOnPg = async () => {
    try {
      await admin.connect();
      dbName = `presente_e2e_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${dbName}`);
      const url = new URL(PG_ADMIN);
      url.pathname = `/${dbName}`;
      dbUrl = url.toString();
      return await startServer('postgres', { DATABASE_URL: url.toString() });
    } catch (err) {
      // CI never passes by skipping the PostgreSQL journeys (issue 21); a developer's machine without it is told.
      if (process.env.CI) throw new Error(`e2e on PostgreSQL: ${(err as Error).message}; CI must run the journeys on PostgreSQL`);
      console.warn(`e2e on PostgreSQL skipped: ${(err as Error).message}`);
      return undefined;
    }
  };
  let clock: Record<string, string> = {};
  const [embedded, pgStarted] = await Promise.all([
    startServer('pglite', {}, { prepare: async (dataDir) => (clock = serverClockEnv(dataDir)) }).catch((err: Error) => err),
    startOnPg().catch((err: Error) => err),
  ]);
  const onPg = pgStarted instanceof Error ? undefined : pgStarted;

  const teardown = async () => {
    printTimings();
    if (!(embedded instanceof Error)) await embedded.stop();
    await onPg?.stop();
    if (dbName) await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  };
  if (embedded instanceof Error || pgStarted instanceof Error) {
    await teardown();
    throw embedded instanceof Error ? embedded : pgStarted;
  }

  project.provide('baseUrl', embedded.url);
  project.provide('dataDir', embedded.dataDir);
  project.provide('pgBaseUrl', onPg?.url ?? '');
  project.provide('pgDataDir', onPg?.dataDir ?? '');
  project.provide('pgDatabaseUrl', onPg ? dbUrl : '');
  project.provide('mainClockFile', clock.E2E_CLOCK_FILE);
  return teardown;
}
