import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where PayPal's JS SDK loads from, frames its buttons and calls (live and sandbox). */
export const PAYPAL_CSP_HOSTS = ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * Security headers, per-route rate limits (shared through Redis when configured) and the Origin check.
 * PayPal's hosts are allowed only when real PayPal is configured (`paypal`); the simulator needs none.
 */
export async function registerSecurity(app: FastifyInstance, opts: { redis?: Redis; publicUrl?: string; paypal?: boolean }) {
  const paypal = opts.paypal ? PAYPAL_CSP_HOSTS : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://challenges.cloudflare.com', ...paypal],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://challenges.cloudflare.com', ...paypal],
        frameSrc: ['https://challenges.cloudflare.com', ...paypal],
        mediaSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // same-origin (not no-referrer): with no-referrer Chromium sends `Origin: null` on same-site form posts
    // (the billing simulator's page), which the Origin check must refuse. Nothing leaks to other sites.
    referrerPolicy: { policy: 'same-origin' },
  });

  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { redis: opts.redis, nameSpace: 'presente:rl:' } : {}),
    errorResponseBuilder: (_req, ctx) => Object.assign(new Error('rate limited'), { statusCode: ctx.statusCode }),
  });

  const allowedHost = opts.publicUrl ? new URL(opts.publicUrl).host : undefined;
  // Browsers send Origin on cross-site writes; a foreign Origin is refused (SameSite=Lax covers the rest).
  app.addHook('onRequest', async (req) => {
    if (!UNSAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    const origin = req.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new AppError('origin_mismatch');
    }
    if (host !== req.host && host !== allowedHost) throw new AppError('origin_mismatch');
  });
}
