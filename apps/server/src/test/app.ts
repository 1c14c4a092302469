import type { Challenge } from 'altcha-lib';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.js';
import { seedCountries } from '../bootstrap.js';
import { configSchema } from '../config.js';
import type { AppDeps } from '../context.js';
import type { Database } from '../db/client.js';
import { createDeps } from '../deps.js';
import { restartEventLoopLag } from '../modules/attendance/punch-admission.js';
import { recordingEvents } from '../realtime/events.js';
import { openTestDatabase } from './database.js';
import { type Factories, makeFactories, type TestUser } from './factories.js';
import { closeAfterFile } from './open-apps.js';

export type Response = Awaited<ReturnType<FastifyInstance['inject']>>;
type Body = InjectOptions['payload'];

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  db: AppDeps['db'];
  events: ReturnType<typeof recordingEvents>;
  factories: Factories;
  /** Requests as a logged-in user (a real session row and cookie). */
  as(user: TestUser): Client;
  /** Anonymous requests. */
  anon: Client;
  /** Every route the app registered (method, url, schema, config), in registration order. */
  routes: RouteOptions[];
  /** A valid ALTCHA solution, as the widget would send it. */
  solveCaptcha(): Promise<string>;
}

export interface Client {
  get(url: string, headers?: Record<string, string>): Promise<Response>;
  post(url: string, body?: Body, headers?: Record<string, string>): Promise<Response>;
  put(url: string, body?: Body, headers?: Record<string, string>): Promise<Response>;
  patch(url: string, body?: Body, headers?: Record<string, string>): Promise<Response>;
  delete(url: string, headers?: Record<string, string>): Promise<Response>;
}

/** Builds the app on a fresh database for this test file; closed after the file. */
export async function createTestApp(env: Record<string, string> = {}, opts: { database?: Database } = {}): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase());
  if (opts.database) closeAfterFile(() => database.close());
  await seedCountries(database.db);
  // Per-IP limits are scaled up: every test request comes from one address. rate-limit.test.ts checks them at scale 1.
  const config = configSchema.parse({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', ALTCHA_COST: '1', RATE_LIMIT_SCALE: '10', ...env });
  const events = recordingEvents();
  const log = pino({ level: process.env.TEST_LOG ?? 'silent' });
  const deps = createDeps({ config, database, sessionSecret: 'test-secret-test-secret-test-secret-test', log, events });
  // Tests read mail from memory; nothing is written to disk.
  (deps as { mailer: AppDeps['mailer'] }).mailer = memoryMailer();
  const routes: RouteOptions[] = [];
  const app = await buildApp(deps, { ...(process.env.TEST_LOG ? { logger: log } : {}), onRoute: (r) => void routes.push(r), strictAnswers: true });
  await app.ready();
  // This worker may have served earlier files' apps (decision 0088): this app's punches measure the loop from here.
  restartEventLoopLag();
  const factories = makeFactories(deps.db);

  const client = (cookie?: string): Client => {
    const send = (method: InjectOptions['method'], url: string, payload?: Body, headers: Record<string, string> = {}) =>
      app.inject({ method, url, payload, headers: { ...(cookie ? { cookie } : {}), ...headers } });
    return {
      get: (url, headers) => send('GET', url, undefined, headers),
      post: (url, body, headers) => send('POST', url, body ?? {}, headers),
      put: (url, body, headers) => send('PUT', url, body ?? {}, headers),
      patch: (url, body, headers) => send('PATCH', url, body ?? {}, headers),
      delete: (url, headers) => send('DELETE', url, undefined, headers),
    };
  };

  // Closed after the file (test/setup.ts), wherever it was built: an afterAll registered inside a beforeAll never runs.
  closeAfterFile(() => app.close());

  return {
    app,
    deps,
    db: deps.db,
    events,
    factories,
    routes,
    anon: client(),
    as: (user) => client(`presente_session=${user.sessionToken}`),
    async solveCaptcha() {
      const challenge = (await deps.captcha.challenge()) as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    },
  };
}

function memoryMailer(): AppDeps['mailer'] {
  const outbox: AppDeps['mailer']['outbox'] = [];
  return {
    mode: 'outbox',
    outbox,
    async send(mail) {
      outbox.push({ ...mail, id: String(outbox.length + 1), at: new Date().toISOString() });
    },
  };
}
