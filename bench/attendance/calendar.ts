/**
 * Monthly calendar benchmark: 1,000 employees x 31 days, the whole company in one page (limit 1000),
 * through the real HTTP stack (a listening server read by fetch from another process, as a browser reads it; TRANSPORT=inprocess for
 * fetch in this process, TRANSPORT=inject for app.inject), on PGlite and on PostgreSQL (when it answers).
 *   npm run bench:calendar            (EMPLOYEES=1000 RUNS=15 to change the size; PROFILE=dir for CPU profiles)
 * Prints one JSON line per database with p50/p95 in ms, and the p50 of the server process's CPU time per request
 * (steadier than wall time on a shared machine; on PGlite it includes the database; with TRANSPORT=inprocess, the client). Not a test: it never fails on time.
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { configSchema } from '../../apps/server/src/config.js';
import { type Database, runMigrations } from '../../apps/server/src/db/client.js';
import { createDeps } from '../../apps/server/src/deps.js';
import { maintainDatabase } from '../../apps/server/src/jobs/db-maintenance.js';
import { recordingEvents } from '../../apps/server/src/realtime/events.js';
import { onEachDatabase } from './databases.js';
import { seedCompany } from './seed.js';

const N = Number(process.env.EMPLOYEES ?? 1000);
const RUNS = Number(process.env.RUNS ?? 15);
const TRANSPORT = process.env.TRANSPORT === 'inject' || process.env.TRANSPORT === 'inprocess' ? process.env.TRANSPORT : 'http';

/** PROFILE=dir: a CPU profile of the measured requests only (not the seed), one .cpuprofile per database. */
async function startProfile() {
  const dir = process.env.PROFILE;
  if (!dir) return null;
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stop(kind: string) {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `calendar-${kind}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

const round1 = (bytes?: number) => (bytes === undefined ? undefined : Math.round(bytes / 1e5) / 10);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function measure(kind: string, database: Database) {
  await runMigrations(database);
  const t0 = performance.now();
  const { adminToken } = await seedCompany(database.db, N, 2026, 3);
  const seedMs = performance.now() - t0;
  // What the running product does within 10 minutes of a bulk change: on PGlite (no autovacuum) and on a PostgreSQL
  // whose autovacuum is off (as on this machine), the maintenance job gathers the planner's statistics.
  // STATS=none measures the never-analyzed database instead.
  let maintained: Awaited<ReturnType<typeof maintainDatabase>> | null = null;
  if (process.env.STATS !== 'none') {
    // The server's counters reach pg_stat_user_tables about a second after the writes: asked again until they have.
    for (let i = 0; i < 20; i++) {
      maintained = await maintainDatabase({ db: database.db, dbKind: database.kind });
      if (maintained.analyzed.length || maintained.vacuumed.length) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const deps = createDeps({
    config: configSchema.parse({ CAPTCHA: 'off' }),
    database,
    sessionSecret: 'x'.repeat(40),
    log: pino({ level: 'silent' }),
    events: recordingEvents(),
  });
  const app = await buildApp(deps);
  const times: number[] = [];
  const cpu: number[] = [];
  const profiler = await startProfile();
  let rows = 0;
  const path = '/api/company-admin-simple/attendance/monthly-calendar?month=3&year=2026&page=1&limit=1000';
  const headers = { cookie: `presente_session=${adminToken}` };
  // http: a real socket, the body read by fetch in another process (as a browser reads it); inprocess: fetch in
  // this process (client and server share the event loop); inject: Fastify's in-process injection.
  const base = TRANSPORT === 'inject' ? '' : await app.listen({ host: '127.0.0.1', port: 0 });
  // PROFILE also profiles the client process (written when it exits).
  const clientArgs = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}`] : [];
  const client = TRANSPORT === 'http' ? fork(fileURLToPath(new URL('./http-client.mjs', import.meta.url)), { execArgv: clientArgs }) : null;
  type Answer = { status: number; ms: number; rows?: number; error?: string; bytes?: number; wire?: number; coding?: string };
  // A box, not a let: TypeScript narrows a let assigned only inside a closure to null at its later use.
  const seen: { last: Answer | null } = { last: null };
  const get = async (count: boolean): Promise<Answer> => {
    const start = performance.now();
    if (client) {
      const answer = new Promise<Answer>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer from the client in 60 s')), 60_000);
        client.once('message', (m) => {
          clearTimeout(timer);
          resolve(m as never);
        });
      });
      client.send({ url: base + path, cookie: headers.cookie, count });
      seen.last = await answer;
      return seen.last;
    }
    const res =
      TRANSPORT === 'inject'
        ? await app.inject({ method: 'GET', url: path, headers }).then((r) => ({ status: r.statusCode, text: r.body }))
        : await fetch(base + path, { headers }).then(async (r) => ({ status: r.status, text: Buffer.from(await r.arrayBuffer()).toString('utf8') }));
    const ms = performance.now() - start;
    if (res.status !== 200) return { status: res.status, ms, error: res.text.slice(0, 200) };
    return { status: res.status, ms, rows: count ? JSON.parse(res.text).data.length : undefined };
  };
  // Warm-up, not measured: at least two requests and 3 s (a running server is warm: compiled code and pools).
  const warmUntil = performance.now() + 3000;
  for (let i = 0; i < 2 || performance.now() < warmUntil; i++) {
    const res = await get(i === 0);
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.error}`);
    if (i === 0) rows = res.rows ?? 0;
  }
  for (let i = 0; i < RUNS; i++) {
    const c = process.cpuUsage();
    const res = await get(false);
    const used = process.cpuUsage(c);
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.error}`);
    times.push(res.ms);
    cpu.push((used.user + used.system) / 1000);
  }
  client?.disconnect();
  await profiler?.stop(kind);
  await app.close();
  console.log(
    JSON.stringify({
      bench: 'monthly-calendar',
      db: kind,
      transport: TRANSPORT,
      employees: N,
      days: 31,
      rows,
      runs: RUNS,
      p50_ms: Math.round(pct(times, 50)),
      p95_ms: Math.round(pct(times, 95)),
      cpu_p50_ms: Math.round(pct(cpu, 50)),
      ...(seen.last ? { encoding: seen.last.coding ?? 'identity', body_mb: round1(seen.last.bytes), wire_mb: round1(seen.last.wire) } : {}),
      seed_s: Math.round(seedMs / 100) / 10,
      stats: maintained ? (maintained.analyzed.length || maintained.vacuumed.length ? 'maintained' : 'by autovacuum') : 'none',
    }),
  );
}

await onEachDatabase('monthly-calendar', measure);
