import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { fallbackRateLimitStore } from '../lib/rate-limit-store.js';
import type { RedisLink } from '../lib/redis.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where PayPal's JS SDK loads from, frames its buttons and calls (live and sandbox). */
export const PAYPAL_CSP_HOSTS = ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * The CSP source that lets the browser load a tile URL template's images: its scheme and host, the `{s}`
 * subdomain as a wildcard (`https://{s}.tile.example.org/...` -> `https://*.tile.example.org`). http is kept
 * when the operator configured http tiles (a local tile server).
 */
export function tileImageSource(template: string | null | undefined): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template ?? '');
  if (!m) return null;
  const host = m[2].toLowerCase().replace(/\{[a-z]+\}/g, '*');
  // CSP accepts a wildcard only as the leftmost label; any other placeholder widens to the scheme.
  if (host.includes('*') && !/^\*\.[^*]+$/.test(host)) return `${m[1].toLowerCase()}:`;
  return `${m[1].toLowerCase()}://${host}`;
}

const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The app's own origin as websocket sources (the realtime socket), instead of any ws:/wss: host. CSP3's
 * 'self' already matches same-origin ws/wss in current browsers; an older Safari on a kiosk tablet needs
 * them spelled out. The host is the request's (the page's) or PUBLIC_URL's, only when it is a plain
 * host[:port], so a forged Host cannot write a directive (decision 0031).
 */
export function ownSocketSources(host: string | undefined, publicHost?: string): string {
  const hosts = [...new Set([host, publicHost].filter((h): h is string => !!h && PLAIN_HOST.test(h)))];
  return hosts.length ? hosts.flatMap((h) => [`ws://${h}`, `wss://${h}`]).join(' ') : "'self'";
}

/**
 * Security headers, per-route rate limits (shared through Redis when configured) and the Origin check.
 * PayPal's hosts are allowed only when real PayPal is configured (`paypal`); the simulator needs none.
 * Images come from the app itself and the configured map tiles only (`mapTileUrl`).
 */
export async function registerSecurity(app: FastifyInstance, opts: { redis?: RedisLink; publicUrl?: string; paypal?: boolean; mapTileUrl?: string | null }) {
  const paypal = opts.paypal ? PAYPAL_CSP_HOSTS : [];
  const tiles = tileImageSource(opts.mapTileUrl);
  const publicHost = opts.publicUrl ? new URL(opts.publicUrl).host : undefined;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://challenges.cloudflare.com', ...paypal],
        workerSrc: ["'self'", 'blob:'],
        // The kiosk's service worker and web manifest are the app's own files (decision 0045).
        manifestSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...paypal],
        connectSrc: [
          "'self'",
          (req) => ownSocketSources((req as { headers: { host?: string } }).headers.host, publicHost),
          'https://challenges.cloudflare.com',
          ...paypal,
        ],
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
    // Shared through Redis, per process while Redis is away (decision 0021).
    ...(opts.redis ? { store: fallbackRateLimitStore(opts.redis.client, opts.redis.healthy, opts.redis.outage.failed, 'presente:rl:') } : {}),
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
