import type { Role } from '@presente/shared';
import { SESSION_TTL_MS } from '@presente/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor, AppDeps, Ctx } from '../context.js';
import { sessions } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { sha256 } from '../lib/crypto.js';
import { pickLanguage } from '../lib/lang.js';
import { linkBase } from '../lib/link-base.js';
import { type Self, selfOfRow } from '../modules/employee-area/self.service.js';
import { readSession } from './session-read.js';

export const SESSION_COOKIE = 'presente_session';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    lang: 'es' | 'en';
    ctx: Ctx;
  }
  interface FastifyContextConfig {
    /** The route serves a register-only session too (a lapsed company's admin; decision 0034). */
    registerOnly?: boolean;
  }
  interface FastifyInstance {
    deps: AppDeps;
    /** preHandler: 401 without a session, 403 for another role. */
    requireRole(...roles: Role[]): preHandlerHookHandler;
  }
}

/** Paths anyone may call without a session (a register-only session is treated as anyone there). */
const OPEN_TO_ANYONE = [
  '/api/public/',
  '/api/config',
  '/api/health',
  '/api/countries',
  '/api/auth/captcha',
  '/api/auth/altcha/',
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/email-change/undo',
  '/api/paypal/simulator/',
];

/** Refresh lastSeenAt at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Reads the session cookie into req.actor and builds req.ctx for services. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('lang', 'es');
  app.decorateRequest('ctx', null as unknown as Ctx);

  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(req.headers['accept-language']);
    const session = await readActor(app.deps, req.cookies[SESSION_COOKIE]);
    req.actor = session?.actor ?? null;
    req.ctx = {
      self: session?.self,
      db: requestDb(app.deps, req.actor),
      actor: req.actor,
      lang: req.lang,
      deps: app.deps,
      ip: req.ip,
      log: req.log,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 400),
      publicUrl: linkBase(app.deps.config, req),
    };
  });

  // A lapsed company's admin may export the register and nothing else: every other signed-in endpoint says so
  // (before the body is validated, so a malformed request gets the same answer).
  app.addHook('preValidation', async (req) => {
    if (!req.actor?.registerOnly || req.routeOptions.config?.registerOnly) return;
    const path = req.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || OPEN_TO_ANYONE.some((p) => path.startsWith(p))) return;
    throw new AppError('register_only', 'register.registerOnly');
  });

  // Answers about a session (or that set a cookie) are never stored by a browser or a shared cache. A
  // route's own Cache-Control stays (face models and public config are the same for everyone), unless the
  // answer sets a cookie.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/')) return payload;
    const setsCookie = reply.hasHeader('set-cookie');
    const withSession = !!req.actor || !!req.cookies?.[SESSION_COOKIE];
    // Static files (face models) set theirs on the raw response.
    const routeSaid = reply.hasHeader('cache-control') || reply.raw.hasHeader('cache-control');
    if (setsCookie || (withSession && !routeSaid)) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.decorate(
    'requireRole',
    (...roles: Role[]): preHandlerHookHandler =>
      async (req) => {
        if (!req.actor) throw new AppError('unauthorized');
        if (!roles.includes(req.actor.role)) throw new AppError('forbidden');
      },
  );
});

/**
 * A request's database handle: its company's for an actor with one (row-level security holds every query to
 * that company), the owner's for the super admin and anonymous requests (decision 0030).
 */
export function requestDb(deps: AppDeps, actor: Actor | null) {
  return actor?.companyId ? deps.tenantDb(actor.companyId) : deps.db;
}

async function readActor(deps: AppDeps, token: string | undefined): Promise<{ actor: Actor; self?: Self } | null> {
  if (!token || token.length > 100) return null;
  const now = new Date();
  const row = await readSession(deps.db, sha256(token));
  // A deactivated account or company loses its open sessions at once; a company whose access ended keeps its
  // admin, read-only, for the attendance register (decision 0034).
  if (!row?.isActive) return null;
  const registerOnly = row.companyStatus === 'INACTIVE';
  if (registerOnly && (row.role !== 'COMPANY_ADMIN' || row.companyClosedAt)) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // Sliding expiry: an active session stays alive, an idle one ends after SESSION_TTL_MS.
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, row.sessionId));
  }
  const { sessionId, userId, role, companyId, name, email } = row;
  const actor: Actor = { sessionId, userId, role, companyId, name, email, ...(registerOnly ? { registerOnly } : {}) };
  return { actor, self: (companyId && selfOfRow(row)) || undefined };
}

/**
 * Cookies are Secure when the request came over https, and whenever PUBLIC_URL is https: behind a TLS proxy
 * with TRUST_PROXY off the server sees http, but the browser is on https (main.ts warns about that setup).
 */
export function cookieSecure(req: FastifyRequest): boolean {
  return req.protocol === 'https' || /^https:\/\//i.test(req.server.deps.config.PUBLIC_URL ?? '');
}

export function setSessionCookie(reply: FastifyReply, req: FastifyRequest, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(req),
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}
export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
