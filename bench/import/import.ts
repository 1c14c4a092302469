/**
 * A 400-row employee import through a listening server (issue 18, decision 0032): how long the admin waits for
 * the answer, on PGlite and on a scratch PostgreSQL database (DB=pglite | DB=postgres: only that one).
 *   npm run bench:import          (ROWS=400 RUNS=3)
 * Each run imports a fresh file into a fresh company; prints one JSON line with every run and the median, and
 * the machine's load average. Not a test: it never fails on time.
 */
import { loadavg } from 'node:os';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { configSchema } from '../../apps/server/src/config.js';
import type { AppDeps } from '../../apps/server/src/context.js';
import { type Database, runMigrations } from '../../apps/server/src/db/client.js';
import { createDeps } from '../../apps/server/src/deps.js';
import { recordingEvents } from '../../apps/server/src/realtime/events.js';
import { onEachDatabase } from '../attendance/databases.js';
import { seedCompany } from '../attendance/seed.js';

const ROWS = Number(process.env.ROWS ?? 400);
const RUNS = Number(process.env.RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const result: Record<string, unknown> = { bench: 'import', rows: ROWS, runs: RUNS };

async function measure(kind: 'pglite' | 'postgres', database: Database) {
  await runMigrations(database);
  const deps = createDeps({
    config: configSchema.parse({ CAPTCHA: 'off', RATE_LIMIT_SCALE: '1000' }),
    database,
    sessionSecret: 'x'.repeat(40),
    log: pino({ level: 'silent' }),
    events: recordingEvents(),
  });
  (deps as { mailer: AppDeps['mailer'] }).mailer = { mode: 'outbox', outbox: [], async send() {} };
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const company = await seedCompany(database.db, 1, 2026, 1);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      Nombre: 'Imp',
      Apellido: `L${i}`,
      Email: `imp${i}-r${run}@bench.pe`,
      Código: `R${run}-${i}`,
      'Tipo de documento': 'DNI',
      'Número de documento': String(30_000_000 + run * ROWS + i),
    }));
    const t0 = performance.now();
    const res = await fetch(`${url}/api/company-admin-simple/employees/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `presente_session=${company.adminToken}` },
      body: JSON.stringify({ rows, dryRun: false }),
    });
    const body = await res.text();
    if (res.status !== 201) throw new Error(`HTTP ${res.status}: ${body.slice(0, 500)}`);
    times.push(Math.round(performance.now() - t0));
  }
  await app.close();
  result[kind] = { answerMs: times, medianMs: median(times) };
}

await onEachDatabase('import', measure);
console.log(JSON.stringify({ ...result, load: loadavg().map((l) => Math.round(l * 10) / 10) }));
