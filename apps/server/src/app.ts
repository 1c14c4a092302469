import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './context.js';
import type { RedisLink } from './lib/redis.js';
import type { TlsOptions } from './lib/tls.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { apiV1Routes } from './modules/api-v1/v1.plugin.js';
import { registerPunchGate } from './modules/attendance/punch-gate.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { companyAdminRoutes } from './modules/company-admin.js';
import { countryRoutes } from './modules/countries/countries.routes.js';
import { employeeAreaRoutes } from './modules/employee-area/employee-area.routes.js';
import { kioskRoutes } from './modules/face/kiosk.routes.js';
import { kioskOfflineRoutes } from './modules/face/kiosk-offline.routes.js';
import { faceModelRoutes } from './modules/face/models.routes.js';
import { pairingPublicRoutes } from './modules/face/pairing.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { publicConfigRoutes } from './modules/public-config/public-config.routes.js';
import { qrKioskRoutes } from './modules/qr-punch/qr-kiosk.routes.js';
import { registerRoutes } from './modules/register/register.routes.js';
import { declareErrorAnswers, strictSerializerCompiler } from './plugins/answers.js';
import { authPlugin } from './plugins/auth.js';
import { registerCompression } from './plugins/compression.js';
import { frameworkErrors, installErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { registerTextGuard } from './plugins/text-guard.js';
import { registerWeb } from './plugins/web.js';

export interface BuildOptions {
  /** A pino logger to use (the process's); none in tests. */
  logger?: FastifyBaseLogger;
  /** The built web app to serve; omitted in API tests. */
  webDist?: string;
  /** Shared rate-limit counters (lib/redis.ts). */
  redis?: RedisLink;
  /** Serve HTTPS with this certificate and key (TLS_CERT_FILE / TLS_KEY_FILE; decision 0043). */
  https?: TlsOptions;
  /** Told of every route as it is registered (the fuzz suite's list of routes; test/fuzz.ts). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Fail an answer that carries a field its response schema does not name (a 500 naming the fields) instead
   * of stripping it: the test build's check that every answer is declared whole (issue 20). Off in production.
   */
  strictAnswers?: boolean;
}

/** The ONE list of route modules, all under /api. */
const routeModules = [
  healthRoutes,
  publicConfigRoutes,
  authRoutes,
  countryRoutes,
  companyAdminRoutes,
  adminRoutes,
  employeeAreaRoutes,
  billingRoutes,
  faceModelRoutes,
  kioskRoutes,
  kioskOfflineRoutes,
  pairingPublicRoutes,
  qrKioskRoutes,
  registerRoutes,
  apiV1Routes,
];

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the HTTP application around its dependencies (nothing here opens connections). */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Typed as the plain-HTTP server: routes, hooks and Socket.IO see the same Node server API either way.
    ...((opts.https ? { https: opts.https } : {}) as object),
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    // A number of hops: believe only the addresses that many proxies appended (decision 0025).
    trustProxy: typeof deps.config.TRUST_PROXY === 'number' ? trustHops(deps.config.TRUST_PROXY) : deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(opts.strictAnswers ? strictSerializerCompiler : serializerCompiler);
  app.decorate('deps', deps);
  app.addHook('onRoute', declareErrorAnswers);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  installErrorHandler(app);
  // Before anything reads the database: a punch that cannot be answered in time is refused first (decision 0056).
  registerPunchGate(app);
  await app.register(cookie);
  await registerSecurity(app, {
    redis: opts.redis,
    publicUrl: deps.config.PUBLIC_URL,
    paypal: deps.billing.mode === 'paypal',
    mapTileUrl: deps.config.MAP_TILE_URL,
  });
  await registerCompression(app);
  registerTextGuard(app);
  await app.register(authPlugin);
  await registerOpenApi(app);
  await app.register(
    async (api) => {
      for (const routes of routeModules) await api.register(routes);
    },
    { prefix: '/api' },
  );
  if (opts.webDist) await registerWeb(app, opts.webDist);
  return app;
}
