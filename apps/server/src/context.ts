import type { Language, Role } from '@presente/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db, DbHealth, DbKind } from './db/client.js';
import { AppError } from './errors.js';
import type { FacePool } from './face/pool.js';
import type { Captcha } from './lib/captcha.js';
import type { DiskState } from './lib/disk-full.js';
import type { Limiter } from './lib/limiter.js';
import type { Mailer } from './lib/mailer.js';
import type { Outage } from './lib/outage.js';
import type { PunchAdmission } from './modules/attendance/punch-admission.js';
import type { BillingProvider } from './modules/billing/provider.js';
import type { Self } from './modules/employee-area/self.service.js';
import type { Events } from './realtime/events.js';

/** The logged-in person, read from the session. The tenant always comes from here. */
export interface Actor {
  userId: string;
  sessionId: string;
  role: Role;
  companyId: string | null;
  name: string;
  email: string;
  /**
   * The admin of a company whose access ended (INACTIVE, not closed): signed in only to export the attendance
   * register; every other endpoint answers 403 register_only (plugins/auth.ts; decision 0034).
   */
  registerOnly?: boolean;
}

/** What a service receives: the database handle, the actor and the request's language. */
export interface Ctx {
  /**
   * The request's database handle. For an actor with a company (company admin, employee) and a kiosk once its
   * link token is resolved: that company's handle (`deps.tenantDb`), row-level security shows and accepts only
   * its rows. Otherwise (super admin, sign-in and other public pages) the owner's `deps.db`. Decision 0030.
   */
  db: Db;
  actor: Actor | null;
  lang: Language;
  deps: AppDeps;
  ip: string;
  userAgent: string;
  log: FastifyBaseLogger;
  /** Base URL for links in mails and QR codes (PUBLIC_URL, else from the request). */
  publicUrl: string;
  /**
   * An employee's own row, schedule, place and department, read in the same statement as this request's session
   * (plugins/auth.ts; decision 0068): `loadSelf`'s answer at the start of the request, for the check-in path.
   * Absent outside an HTTP request and for users without an employee row.
   */
  self?: Self;
}

/** Long-lived dependencies built once at start and handed to buildApp. */
export interface AppDeps {
  config: Config;
  /**
   * The owner's handle: BYPASSES row-level security (presente_bypass). For jobs, the super admin, sign-in and
   * sessions, migrations, and the public pages before a token names their company. A request of a company uses
   * `ctx.db` (decision 0030).
   */
  db: Db;
  /** A company's handle: only that company's rows are seen or written (presente_tenant + app.company_id). */
  tenantDb(companyId: string): Db;
  dbKind: DbKind;
  ping(): Promise<void>;
  /** /api/health's view of the database, within 1 s (db/client.ts). */
  databaseHealth(): Promise<DbHealth>;
  /** Connection errors are logged once per outage (plugins/error-handler). */
  dbOutage: Outage;
  /** Whether the last write failed for space (lib/disk-full.ts; decision 0028). */
  disk: DiskState;
  /** With REDIS_URL: 'degraded' while Redis is away (limits per process, events stay in the process). */
  redisHealth?: () => 'ok' | 'degraded';
  mailer: Mailer;
  captcha: Captcha;
  events: Events;
  limiter: Limiter;
  /** Punches run while their client still waits, else 503 + Retry-After (decision 0056). */
  punches: PunchAdmission;
  /** Payments: PayPal's REST API with credentials, else the built-in simulator. */
  billing: BillingProvider;
  sessionSecret: string;
  startedAt: Date;
  /** Set by the job runner (jobs/runner.ts): runs a tick now for work just queued; absent where no runner runs. */
  wakeJobs?: () => void;
  /** The face engine's worker pool; absent in API tests and with FACE_WORKERS=0. */
  face?: FacePool;
}

/** The company of an actor who must have one (company admin, employee). */
export function requireCompany(actor: Actor | null): string {
  if (!actor?.companyId) throw new AppError('forbidden');
  return actor.companyId;
}
