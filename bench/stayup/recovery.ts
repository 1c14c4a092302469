/**
 * Stay up (issue 15, decision 0021): one server process (src/main.ts, as `npm start` runs it) on a scratch
 * PostgreSQL database and Redis, each reached through a TCP proxy this script controls (the machine's
 * services are never stopped).
 *   npm run bench:stayup-recovery        (LOCK_SECONDS=15 OUTAGE_SECONDS=3)
 * Prints ONE JSON line:
 * - health during a LOCK_SECONDS table lock (`sessions`, ACCESS EXCLUSIVE, held by another connection while
 *   20 authenticated requests wait on it): /api/health's answer time p50/max (goal max <= 1 s) and what it said;
 * - time to serve again after Redis comes back (health says redis ok and a login answers 200) and after
 *   PostgreSQL comes back (an authenticated request answers 200), each after OUTAGE_SECONDS cut (goal <= 2 s);
 * - that the process never restarted (same pid, alive).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, runMigrations } from '../../apps/server/src/db/client.js';
import { makeFactories } from '../../apps/server/src/test/factories.js';
import { startServerProcess } from '../../apps/server/src/test/server-process.js';
import { startTcpProxy, targetOf } from '../../apps/server/src/test/tcp-proxy.js';

const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOCK_SECONDS = Number(process.env.LOCK_SECONDS ?? 15);
const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 3);
/** Every request gives up after 20 s (the code before decision 0021 could hang). */
const fetch = (url: string, init: RequestInit = {}) => globalThis.fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (ms: number) => Math.round(ms);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

async function main() {
  const admin = new pg.Client({ connectionString: PG, connectionTimeoutMillis: 3000 });
  await admin.connect();
  const name = `presente_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const pgProxy = await startTcpProxy(targetOf(databaseUrl));
  const redisProxy = await startTcpProxy(targetOf(REDIS));
  const seedDb = openPostgres(databaseUrl, 2, { statementMs: 0, lockMs: 0 });
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    await runMigrations(seedDb);
    const factories = makeFactories(seedDb.db);
    const company = await factories.company();
    const user = await factories.companyAdmin({ companyId: company.id });
    server = await startServerProcess('stayup', {
      DATABASE_URL: pgProxy.urlFor(databaseUrl),
      REDIS_URL: redisProxy.urlFor(REDIS),
      CAPTCHA: 'off',
      LOG_LEVEL: 'error',
    });
    const base = server.url;
    const pid = server.child.pid;
    const cookie = { cookie: `presente_session=${user.sessionToken}` };
    const verify = () =>
      fetch(`${base}/api/auth/verify`, { headers: cookie }).then(
        (r) => r.status,
        () => 0,
      );
    const health = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`).catch(() => null);
      const body = res ? ((await res.json()) as { database?: string; redis?: string }) : {};
      return { ...body, ms: performance.now() - started, status: res?.status ?? 0 };
    };
    const login = () =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      }).then(
        (r) => r.status,
        () => 0,
      );

    // 1. A table every authenticated request reads, locked for LOCK_SECONDS.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table sessions in access exclusive mode');
    const lockedUntil = performance.now() + LOCK_SECONDS * 1000;
    const statuses: Record<string, number> = {};
    const requests = (async () => {
      while (performance.now() < lockedUntil) {
        await Promise.all(
          Array.from({ length: 20 }, async () => {
            const s = String(await verify());
            statuses[s] = (statuses[s] ?? 0) + 1;
          }),
        );
      }
    })();
    const healthTimes: number[] = [];
    const said: Record<string, number> = {};
    await sleep(200);
    while (performance.now() < lockedUntil) {
      const h = await health();
      healthTimes.push(h.ms);
      said[`${h.status} ${h.database}`] = (said[`${h.status} ${h.database}`] ?? 0) + 1;
      await sleep(250);
    }
    await locker.query('commit');
    await locker.end();
    await requests;

    // 2. Redis cut, then back: time until health says redis ok and a login answers 200.
    await redisProxy.cut();
    await sleep(OUTAGE_SECONDS * 1000);
    const redisDuring = { health: await health(), login: await login() };
    await redisProxy.restore();
    let started = performance.now();
    while ((await health()).redis !== 'ok' || (await login()) !== 200) {
      if (performance.now() - started > 30_000) break;
      await sleep(25);
    }
    const redisBackMs = performance.now() - started;

    // 3. PostgreSQL cut, then back: time until an authenticated request answers 200.
    await pgProxy.cut();
    await sleep(OUTAGE_SECONDS * 1000);
    const pgDuring = { health: await health(), verify: await verify() };
    await pgProxy.restore();
    started = performance.now();
    while ((await verify()) !== 200) {
      if (performance.now() - started > 30_000) break;
      await sleep(25);
    }
    const postgresBackMs = performance.now() - started;
    const alive = server.child.exitCode === null && server.child.pid === pid;

    const healthMaxMs = Math.max(...healthTimes);
    console.log(
      JSON.stringify({
        bench: 'stayup-recovery',
        lockSeconds: LOCK_SECONDS,
        healthDuringLock: { answers: healthTimes.length, p50Ms: round(pct(healthTimes, 50)), maxMs: round(healthMaxMs), said },
        requestsDuringLock: statuses,
        redisOutage: {
          seconds: OUTAGE_SECONDS,
          health: `${redisDuring.health.status} redis ${redisDuring.health.redis} in ${round(redisDuring.health.ms)} ms`,
          login: redisDuring.login,
        },
        redisBackMs: round(redisBackMs),
        postgresOutage: {
          seconds: OUTAGE_SECONDS,
          health: `${pgDuring.health.status} ${pgDuring.health.database} in ${round(pgDuring.health.ms)} ms`,
          request: pgDuring.verify,
        },
        postgresBackMs: round(postgresBackMs),
        restarted: !alive,
        goals: { healthMaxMs: 1000, backMs: 2000 },
        met: healthMaxMs <= 1000 && redisBackMs <= 2000 && postgresBackMs <= 2000 && alive,
      }),
    );
  } finally {
    await server?.stop();
    await seedDb.close();
    await pgProxy.close();
    await redisProxy.close();
    await admin.query(`drop database ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

main().catch((err) => {
  console.log(JSON.stringify({ bench: 'stayup-recovery', error: (err as Error).message }));
  process.exitCode = 1;
});
