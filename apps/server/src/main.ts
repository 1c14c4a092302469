import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.js';
import { ensureSuperAdmin, seedCountries } from './bootstrap.js';
import { ConfigError, configWarnings, loadConfig, paymentStatusOf, rolesOf } from './config.js';
import { type Database, lockDataDir, openPglite, openPostgres, pgliteDir, runMigrations } from './db/client.js';
import { createDeps } from './deps.js';
import { BiometricKeyError, type BiometricKeyring, resolveKeyring, useKeyring } from './face/seal.js';
import { jobHandlers, recurringJobs } from './jobs/index.js';
import { redisLeader } from './jobs/leader.js';
import { startJobRunner } from './jobs/runner.js';
import { startupFailureMessage } from './lib/disk-full.js';
import { connectRedis } from './lib/redis.js';
import { resolveSessionSecret } from './lib/secrets.js';
import { CA_PATH, httpRedirectServer, readTls } from './lib/tls.js';
import { backfillAllChains } from './modules/attendance/chain.js';
import { billingModeFor } from './modules/billing/billing.provider.js';
import { resealBiometrics, sealedKeyIds, unknownKeyMessage } from './modules/face/reseal.js';
import { repairImpossibleBreaks } from './modules/schedules/break-repair.js';
import { listenForBackupRequests } from './ops/backup-requests.js';
import { faceForRoles, runFaceProcess } from './process-roles.js';
import { createRealtime } from './realtime/server.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The active job runner's lease: three of its 30 s polls, so a standby takes over within about two minutes. */
const JOB_LEASE_MS = 90_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL });
  for (const warning of configWarnings(config)) log.warn(warning);
  // What this process does (decision 0065): a face process alone needs no database and no HTTP.
  const roles = rolesOf(config);
  if (!roles.web && !roles.jobs) return runFaceProcess(config, log);
  const dataDir = resolve(config.DATA_DIR);
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(dataDir);

  let database: Database;
  if (config.DATABASE_URL) {
    // Migrations may wait for another process's advisory lock or build indexes: no statement timeout for them.
    const migrating = openPostgres(config.DATABASE_URL, 2, { statementMs: 0, lockMs: 0 });
    await runMigrations(migrating).finally(() => migrating.close());
    const [statementMs, acquireMs] = [config.DB_STATEMENT_TIMEOUT_MS, config.DB_ACQUIRE_TIMEOUT_MS];
    database = openPostgres(config.DATABASE_URL, 10, { statementMs, acquireMs, lockMs: acquireMs });
    log.info('database: PostgreSQL');
  } else {
    log.info(`database: embedded PGlite in ${pgliteDir(dataDir)}`);
    const embedded = await openPglite({ dataDir: pgliteDir(dataDir), limits: { acquireMs: config.DB_ACQUIRE_TIMEOUT_MS } });
    database = embedded;
    await runMigrations(database);
    listenForBackupRequests(dataDir, embedded.client, log); // npm run backup asks this process for the dump (decision 0027)
  }
  // Biometric data sealed at rest: the keyring first, then every plain or old-key row sealed (decision 0029).
  try {
    // No key yet: a first start makes one, but not over data sealed with a key that is missing (a restore without it).
    const found = resolveKeyring(config, dataDir, false);
    const sealedWith = found ? [] : await sealedKeyIds(database.db);
    if (sealedWith.length) throw new BiometricKeyError(unknownKeyMessage(sealedWith, null));
    const ring = found ?? (resolveKeyring(config, dataDir, true) as BiometricKeyring);
    useKeyring(ring);
    const sealed = await resealBiometrics(database.db, ring);
    if (sealed.templates || sealed.photos) log.info(sealed, 'biometric data sealed with the current key');
    if (sealed.unreadable) log.warn(sealed, 'biometric rows whose seal does not open (altered or moved): they match nobody');
  } catch (err) {
    if (err instanceof BiometricKeyError) {
      console.error(err.message);
      await database.close();
      unlock();
      process.exit(78);
    }
    throw err;
  }
  await seedCountries(database.db);
  await repairImpossibleBreaks(database.db, log);
  const chained = await backfillAllChains(database.db);
  if (chained) log.warn({ chained }, 'attendance records without a chain entry were chained (decision 0038)');
  const firstAdmin = await ensureSuperAdmin(database.db, config.SUPERADMIN_EMAIL, config.SUPERADMIN_PASSWORD);

  // Every Redis client has an error listener; an outage degrades the service, never stops it (decision 0021).
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, log) : undefined;
  const realtime = createRealtime();
  const deps = createDeps({
    config: { ...config, DATA_DIR: dataDir },
    database,
    sessionSecret: resolveSessionSecret(config.SESSION_SECRET, dataDir),
    log,
    events: realtime.events,
    redis,
  });
  // The face engine loads its models in worker threads after the server listens (readiness in /api/health); a web
  // process without the face role sends its images to the face queue instead.
  const face = faceForRoles(roles, config, redis, log);
  deps.face = face.pool;
  const webDist = config.WEB_DIST ? resolve(config.WEB_DIST) : resolve(here, '../../web/dist');
  const https = readTls(config);
  const app = await buildApp(deps, { logger: log, webDist, redis, https });
  await realtime.attach(app, deps, redis?.client, redis?.outage);
  // A process without the web role (jobs) builds the app for its realtime events (through Redis) but listens nowhere.
  if (roles.web) await app.listen({ port: config.PORT, host: config.HOST });
  const redirect = roles.web && https && config.HTTP_REDIRECT_PORT ? httpRedirectServer(config.PORT, dataDir) : undefined;
  if (redirect) await new Promise<void>((res) => redirect.listen(config.HTTP_REDIRECT_PORT, config.HOST, res));
  Promise.resolve(face.start()).catch((err) => log.error({ err }, 'face engine failed to start'));
  // With ROLES and Redis, one runner among the processes with the jobs role is active; the others stand by
  // (jobs/leader.ts). Unset ROLES keeps the one-process shape: no lease a crashed process would hold for 90 s.
  const leader = redis && roles.explicit ? redisLeader(redis.client, JOB_LEASE_MS) : undefined;
  const jobRunner = roles.jobs ? startJobRunner(deps, jobHandlers, recurringJobs, log, undefined, leader) : undefined;

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = config.PUBLIC_URL ?? `${https ? 'https' : 'http'}://${shownHost}:${port}`;
  const lines = ['', `  Presente is running: ${url}`];
  if (!existsSync(resolve(webDist, 'index.html'))) lines.push('  (web app not built: run npm run build)');
  if (firstAdmin.created) {
    lines.push('', `  First super admin created. Log in at ${url}/login with:`, `    email:    ${firstAdmin.email}`);
    lines.push(
      firstAdmin.password
        ? `    password: ${firstAdmin.password}   (shown only this once; change it in Configuración)`
        : '    password: the one in SUPERADMIN_PASSWORD',
    );
  }
  if (redirect) lines.push(`  Plain HTTP on port ${config.HTTP_REDIRECT_PORT} redirects to HTTPS; devices get the local authority at ${CA_PATH}`);
  else if (https) lines.push('  HTTPS only: plain HTTP is refused (HTTP_REDIRECT_PORT adds a redirect)');
  if (deps.mailer.mode === 'outbox') lines.push('', `  Mail goes to the outbox: ${resolve(dataDir, 'outbox')} (set SMTP_URL to send it)`);
  const payments = billingModeFor(deps);
  if (payments === 'simulator') {
    // Anyone with a company admin account can approve Premium for free in the simulator: say it loudly.
    log.warn('payments run in the built-in SIMULATOR (Modo de prueba): any company admin can activate Premium without paying');
    lines.push(
      '',
      '  WARNING: payments run in the built-in simulator (Modo de prueba): Premium can be activated without paying.',
      '  For real payments set PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID; BILLING_MODE=off hides upgrades.',
    );
  } else {
    log.info(`payments: ${paymentStatusOf(deps.config)}`);
  }
  console.log(`${lines.join('\n')}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await jobRunner?.stop();
      await face.close();
      redirect?.close();
      await app.close();
      await realtime.close();
      redis?.disconnect();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  // A full disk names the disk (DATA_DIR's with its free space, or the PostgreSQL server's; decision 0028).
  console.error(startupFailureMessage(err, { dataDir: resolve(process.env.DATA_DIR || './data'), postgres: Boolean(process.env.DATABASE_URL) }));
  process.exit(1);
});
