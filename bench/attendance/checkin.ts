/**
 * HTTP check-in throughput: 1,000 employees each checking in once (POST /api/employee/attendance/check-in)
 * through a listening server, driven by autocannon over loopback, on PGlite and PostgreSQL.
 *   npm run bench:checkin           (EMPLOYEES=1000 CONNECTIONS=10)
 * Prints one JSON line per database: requests/s, latency p50/p99, and that exactly N records exist.
 * BATCH=both: also the single path (one transaction per check-in, as before decision 0068) in the same run, each on
 * a fresh database, for a before/after at the same machine load; BATCH=off: only the single path.
 */

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { loadavg } from 'node:os';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { configSchema } from '../../apps/server/src/config.js';
import { type Database, runMigrations } from '../../apps/server/src/db/client.js';
import { attendanceRecords } from '../../apps/server/src/db/schema/index.js';
import { createDeps } from '../../apps/server/src/deps.js';
import { batchStats, punchBatching } from '../../apps/server/src/modules/attendance/punch-batch.js';
import { recordingEvents } from '../../apps/server/src/realtime/events.js';
import { onEachDatabase } from './databases.js';
import { seedCompany } from './seed.js';

/** CPU time (ms) of this machine's PostgreSQL server processes, summed from /proc (0 where /proc cannot tell). */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!/\((postgres|postmaster)\)/.test(stat)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return (ticks * 1000) / 100;
}

/** PROFILE=path: a V8 CPU profile of the check-in window only (not the seeding), written to path-<db>.cpuprofile. */
async function startProfile() {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/**
 * Runs the load generator (checkin-client.ts) in a child process: its warm-up round, then `measured` (called
 * between the two: the CPU counters), then the measured round; answers the measured round's result. The server's CPU
 * per check-in is then this process's own.
 */
async function runClient(job: { url: string; warmup: string[]; tokens: string[]; connections: number }, measured: () => void) {
  const client = spawn(process.execPath, ['--import', 'tsx', new URL('./checkin-client.ts', import.meta.url).pathname], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const messages: unknown[] = [];
  const waiting: ((m: unknown) => void)[] = [];
  client.on('message', (m) => (waiting.length ? waiting.shift()?.(m) : messages.push(m)));
  const exited = new Promise<never>((_, reject) => client.on('exit', (code) => reject(new Error(`check-in client exited with ${code}`))));
  const next = () => Promise.race([exited, new Promise<unknown>((resolve) => (messages.length ? resolve(messages.shift()) : waiting.push(resolve)))]);
  client.send(job);
  await next(); // warm
  measured();
  client.send('go');
  const { result } = (await next()) as { result: autocannon.Result & { seconds: number } };
  return result;
}

const N = Number(process.env.EMPLOYEES ?? 1000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
/**
 * Employees of the same company who check in first, unmeasured (default: as many as measured): the measured round
 * meets a server that has been up, as a morning rush does, not one whose code is still being compiled (a 1,000
 * check-in run lasts about a second; cold, the server spent 2.6 ms of CPU a check-in instead of 0.8, stop 39).
 */
const WARMUP = Number(process.env.WARMUP ?? N);

async function measure(kind: string, database: Database) {
  await runMigrations(database);
  // A month that is over: the seeded records do not collide with today's check-ins.
  const { employeeTokens: all } = await seedCompany(database.db, N + WARMUP, 2026, 1);
  const warmup = all.slice(0, WARMUP);
  const employeeTokens = all.slice(WARMUP);
  const deps = createDeps({
    config: configSchema.parse({ CAPTCHA: 'off', RATE_LIMIT_SCALE: '1000' }),
    database,
    sessionSecret: 'x'.repeat(40),
    log: pino({ level: 'silent' }),
    events: recordingEvents(),
  });
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const profiler = process.env.PROFILE ? await startProfile() : undefined;
  let before = { ...batchStats };
  let cpuBefore = process.cpuUsage();
  let pgBefore = 0;
  const result = await runClient({ url, warmup, tokens: employeeTokens, connections: CONNECTIONS }, () => {
    before = { ...batchStats };
    batchStats.largest = 0;
    cpuBefore = process.cpuUsage();
    pgBefore = postgresCpuMs();
  });
  const cpu = process.cpuUsage(cpuBefore);
  if (profiler) await profiler.stop(`${process.env.PROFILE}-${kind}.cpuprofile`);
  const pgCpu = postgresCpuMs() - pgBefore;
  const today = sql`${attendanceRecords.date} >= '2026-02-01'`;
  const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(attendanceRecords).where(today);
  const [{ doubled }] = await database.db
    .select({ doubled: sql<number>`count(*)::int` })
    .from(
      database.db
        .select({ e: attendanceRecords.employeeId })
        .from(attendanceRecords)
        .where(today)
        .groupBy(attendanceRecords.employeeId)
        .having(sql`count(*) > 1`)
        .as('d'),
    );
  await app.close();
  console.log(
    JSON.stringify({
      bench: 'http-check-in',
      db: kind,
      employees: N,
      connections: CONNECTIONS,
      requests: result.requests.total,
      non2xx: result.non2xx,
      // From the first request to the last answer (autocannon's own figures are of whole seconds: 5,000 check-ins
      // answered in 7.2 s read 625/s).
      req_per_s: Math.round(result.requests.total / result.seconds),
      latency_p50_ms: result.latency.p50,
      latency_p99_ms: result.latency.p99,
      warmup: WARMUP,
      // Every employee (warm-up and measured) checked in once: N + WARMUP records, none doubled.
      records_created: n,
      employees_with_two_records: doubled,
      // CPU per check-in, over the check-in window: this process (the server alone: the client runs in a child) and,
      // on PostgreSQL, its server processes (from /proc): which side a faster check-in has to come from.
      node_cpu_ms_per_checkin: Number(((cpu.user + cpu.system) / 1000 / result.requests.total).toFixed(2)),
      ...(kind === 'postgres' ? { postgres_cpu_ms_per_checkin: Number((pgCpu / result.requests.total).toFixed(2)) } : {}),
      load: Number(loadavg()[0].toFixed(1)),
      batched: punchBatching.enabled,
      batches: batchStats.batches - before.batches,
      largest_batch: batchStats.largest,
    }),
  );
}

const modes = process.env.BATCH === 'both' ? [true, false, true, false] : [process.env.BATCH !== 'off'];
for (const enabled of modes) {
  punchBatching.enabled = enabled;
  batchStats.largest = 0;
  await onEachDatabase('http-check-in', measure, 10);
}
