/**
 * Fair shares (issue 15, decision 0022): what one company's heavy work does to another company's answers, through
 * a listening server with its Socket.IO server, on PGlite (DB=postgres: a scratch PostgreSQL database instead).
 *   npm run bench:stayup-fair          (ROWS=1000 EMITS=2000)
 * - another company's login p50 while a 1,000-row employee import runs (goal <= 500 ms);
 * - another company's dashboard p95 while one employee's socket sends 2,000 check-outs (goal <= 300 ms).
 * The clients (fetch, socket.io-client) run in this process, so their own work is counted against the server:
 * the figures err on the slow side. Prints one JSON line. Not a test: it never fails on time.
 */
import pino from 'pino';
import { io as connect } from 'socket.io-client';
import { buildApp } from '../../apps/server/src/app.js';
import { configSchema } from '../../apps/server/src/config.js';
import type { AppDeps } from '../../apps/server/src/context.js';
import { type Database, runMigrations } from '../../apps/server/src/db/client.js';
import { createDeps } from '../../apps/server/src/deps.js';
import { BULK_HASH_CONCURRENCY } from '../../apps/server/src/lib/crypto.js';
import { recordingEvents } from '../../apps/server/src/realtime/events.js';
import { createRealtime } from '../../apps/server/src/realtime/server.js';
import { onEachDatabase } from '../attendance/databases.js';
import { seedCompany } from '../attendance/seed.js';

const ROWS = Number(process.env.ROWS ?? 1000);
const EMITS = Number(process.env.EMITS ?? 2000);
process.env.DB ??= 'pglite';

const LOGIN_EVERY_MS = 100;
const DASHBOARD_EVERY_MS = 25;

/** Starts `run` every `everyMs` (not waiting for the previous one) until `stop()` and at least `min` started; their times. */
async function everyUntil(everyMs: number, stop: () => boolean, min: number, run: () => Promise<number>): Promise<number[]> {
  const started: Promise<number>[] = [];
  while (!stop() || started.length < min) {
    started.push(run());
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return Promise.all(started);
}

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : null);
const round = (x: number | null) => (x === null ? null : Math.round(x));

async function measure(kind: string, database: Database) {
  await runMigrations(database);
  // Company A imports and floods; company B logs in and watches its dashboard.
  const a = await seedCompany(database.db, 5, 2026, 1);
  const b = await seedCompany(database.db, 200, 2026, 1);
  const deps = createDeps({
    config: configSchema.parse({ CAPTCHA: 'off', RATE_LIMIT_SCALE: '1000' }),
    database,
    sessionSecret: 'x'.repeat(40),
    log: pino({ level: 'silent' }),
    events: recordingEvents(),
  });
  // The welcome mails stay in memory (no outbox files).
  (deps as { mailer: AppDeps['mailer'] }).mailer = { mode: 'outbox', outbox: [], async send() {} };
  const realtime = createRealtime();
  const app = await buildApp(deps);
  (deps as { events: AppDeps['events'] }).events = realtime.events;
  await realtime.attach(app, deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const json = { 'content-type': 'application/json' };
  const timed = async (send: () => Promise<Response>) => {
    const t0 = performance.now();
    const res = await send();
    const body = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status} ${res.url}: ${body}`);
    return performance.now() - t0;
  };
  // B's people in turn (an account's own logins are limited: 50 per 15 minutes).
  let next = 0;
  const login = () => {
    const email = `e${next++ % 200}-${b.company.id}@bench.pe`;
    return timed(() => fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'bench-password' }) }));
  };
  const dashboard = () => timed(() => fetch(`${url}/api/company-admin-simple/dashboard`, { headers: { cookie: `presente_session=${b.adminToken}` } }));

  // 1. Logins of B: idle, then while A's import runs.
  const loginIdle: number[] = [];
  for (let i = 0; i < 10; i++) loginIdle.push(await login());
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    firstName: 'Imp',
    lastName: `L${i}`,
    email: `imp${i}@fair.pe`,
    employeeCode: `F${i}`,
    documentType: 'DNI',
    documentNumber: String(20_000_000 + i),
  }));
  const t0 = performance.now();
  let importStatus = 0;
  const importing = fetch(`${url}/api/company-admin-simple/employees/import`, {
    method: 'POST',
    headers: { ...json, cookie: `presente_session=${a.adminToken}` },
    body: JSON.stringify({ rows, dryRun: false }),
  }).then(async (res) => {
    importStatus = res.status;
    await res.arrayBuffer();
    return performance.now() - t0;
  });
  let importDone = false;
  void importing.then(() => (importDone = true));
  // Open loop: a login every LOGIN_EVERY_MS whatever the previous one is doing, so a stall shows in every login
  // it holds up (a closed loop would count a 30 s stall once).
  const loginDuringImport = await everyUntil(LOGIN_EVERY_MS, () => importDone, 1, login);
  const importMs = await importing;

  // 2. B's dashboard: idle, then while one of A's employees sends EMITS check-outs on its socket.
  const dashIdle: number[] = [];
  for (let i = 0; i < 10; i++) dashIdle.push(await dashboard());
  const tokenRes = await fetch(`${url}/api/auth/socket-token`, { headers: { cookie: `presente_session=${a.employeeTokens[0]}` } });
  const socketToken = ((await tokenRes.json()) as { data: { token: string } }).data.token;
  const socket = connect(url, { auth: { token: socketToken }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.on('connected', () => resolve());
    socket.on('connect_error', reject);
  });
  const codes = new Map<string, number>();
  let answered = 0;
  let dropped = false;
  socket.on('disconnect', (reason) => (dropped = reason === 'io server disconnect'));
  // Over when every emit is answered, or the server dropped the socket (what it had queued is never read).
  const over = () => answered >= EMITS || dropped;
  socket.on('employee_checkout_result', (r: { success: boolean; code?: string }) => {
    answered++;
    const code = r.success ? 'ok' : (r.code ?? '?');
    codes.set(code, (codes.get(code) ?? 0) + 1);
  });
  const f0 = performance.now();
  for (let i = 0; i < EMITS; i++) socket.emit('employee_checkout', {});
  const dashDuringFlood: number[] = [];
  let floodMs: number | null = null;
  void (async () => {
    while (!over()) await new Promise((resolve) => setImmediate(resolve));
    floodMs = performance.now() - f0;
  })();
  // Dashboards (open loop) from the first emit until the flood is over, and at least 20 (it may be over first).
  dashDuringFlood.push(...(await everyUntil(DASHBOARD_EVERY_MS, over, 20, dashboard)));
  const dashboardsSampled = dashDuringFlood.length;
  socket.disconnect();
  await realtime.close();
  await app.close();

  console.log(
    JSON.stringify({
      bench: 'stayup-fair-shares',
      db: kind,
      import_rows: ROWS,
      import_status: importStatus,
      import_ms: round(importMs),
      bulk_hash_concurrency: BULK_HASH_CONCURRENCY,
      login_idle_p50_ms: round(pct(loginIdle, 50)),
      login_during_import_p50_ms: round(pct(loginDuringImport, 50)),
      login_during_import_p95_ms: round(pct(loginDuringImport, 95)),
      logins_during_import: loginDuringImport.length,
      login_goal_ms: 500,
      emits: EMITS,
      flood_ms: round(floodMs),
      flood_answers: Object.fromEntries(codes),
      flood_unanswered: EMITS - answered,
      dashboard_idle_p95_ms: round(pct(dashIdle, 95)),
      dashboard_during_flood_p50_ms: round(pct(dashDuringFlood, 50)),
      dashboard_during_flood_p95_ms: round(pct(dashDuringFlood, 95)),
      dashboards_sampled: dashboardsSampled,
      socket_dropped: dropped,
      dashboard_goal_ms: 300,
    }),
  );
}

await onEachDatabase('stayup-fair-shares', measure, 10);
