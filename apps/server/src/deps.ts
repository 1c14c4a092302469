import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { AppDeps } from './context.js';
import type { Database } from './db/client.js';
import { altchaCaptcha, type Captcha, noCaptcha, turnstileCaptcha } from './lib/captcha.js';
import { createDiskState } from './lib/disk-full.js';
import { fallbackLimiter, memoryLimiter, redisLimiter } from './lib/limiter.js';
import { createMailer } from './lib/mailer.js';
import { createOutage } from './lib/outage.js';
import type { RedisLink } from './lib/redis.js';
import { createPunchAdmission } from './modules/attendance/punch-admission.js';
import { MAX_BATCH } from './modules/attendance/punch-batch.js';
import { createBillingProvider } from './modules/billing/billing.provider.js';
import type { BillingProvider } from './modules/billing/provider.js';
import type { Events } from './realtime/events.js';

/** Wires the long-lived dependencies from the configuration. */
export function createDeps(opts: {
  config: Config;
  database: Database;
  sessionSecret: string;
  log: FastifyBaseLogger;
  events: Events;
  /** Shared counters and realtime (lib/redis.ts); the process works on without it while it is away. */
  redis?: RedisLink;
  captcha?: Captcha;
  /** Replaces the provider chosen from the configuration (tests). */
  billing?: BillingProvider;
}): AppDeps {
  const { config, database } = opts;
  const captcha =
    opts.captcha ??
    (config.CAPTCHA === 'off'
      ? noCaptcha
      : config.CAPTCHA === 'turnstile'
        ? turnstileCaptcha(config.TURNSTILE_SITE_KEY!, config.TURNSTILE_SECRET!)
        : altchaCaptcha(opts.sessionSecret, config.ALTCHA_COST, database.db));
  // A database outage is logged once, when it starts, and once when the database answers again (decision 0021).
  const dbOutage = createOutage('database', opts.log);
  database.onAnswer = () => dbOutage.ok();
  const redis = opts.redis;
  return {
    config,
    db: database.db,
    tenantDb: (companyId) => database.forCompany(companyId),
    dbKind: database.kind,
    ping: () => database.ping(),
    databaseHealth: () => database.health(),
    dbOutage,
    disk: createDiskState(opts.log),
    redisHealth: redis ? () => (redis.healthy() ? 'ok' : 'degraded') : undefined,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(config.DATA_DIR, 'outbox'), log: opts.log }),
    captcha,
    events: opts.events,
    limiter: redis ? fallbackLimiter(redisLimiter(redis.client), memoryLimiter(), redis.healthy, redis.outage.failed) : memoryLimiter(),
    // Punches at once: check-ins of one company in flight together are written in one batch (decision 0068). On
    // PostgreSQL as many as a batch holds: at 32, 100 phones at once made batches of 15-31 and 723 check-ins/s; at
    // 200, batches of up to 98 and 960-1,050/s (stop 39).
    punches: createPunchAdmission({ concurrency: database.kind === 'pglite' ? 16 : MAX_BATCH }),
    billing: opts.billing ?? createBillingProvider(config, database.db),
    sessionSecret: opts.sessionSecret,
    startedAt: new Date(),
  };
}
