import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickLanguage } from '../lib/lang.js';

/**
 * For crawlers: the landing and the public auth pages (login, register, forgot password: Lighthouse's SEO
 * audit asks that every public page be crawlable, issue 16) are public; the API, the signed-in areas, the
 * token links (reset password, undo an e-mail change) and the kiosk links (a token in the URL) are not pages
 * to index. Served by the server itself, so it never falls through to
 * the SPA's index.html (issue 16, decision 0026).
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /$',
  'Disallow: /api/',
  'Disallow: /socket.io/',
  'Disallow: /super-admin',
  'Disallow: /company-admin',
  'Disallow: /employee',
  'Disallow: /attendance/',
  'Disallow: /reset-password',
  'Disallow: /undo-email-change',
  '',
].join('\n');

/** The kiosk's service worker, built by the web app (vite.config.ts), and the only scope it may have. */
export const KIOSK_SW_FILE = 'kiosk-sw.js';
export const KIOSK_SW_SCOPE = '/attendance/';

/**
 * The public pages the web build draws at build time, in each language (apps/web/scripts/prerender.mjs, decision 0069):
 * the path and its file under prerendered/<lang>/. Other paths get index.html, drawn by the script.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'landing',
  '/login': 'login',
  '/register': 'register',
  '/forgot-password': 'forgot-password',
};

/** The reader's stored language choice, mirrored by the web app (apps/web/src/main.tsx) for this server to read. */
export const LANGUAGE_COOKIE = 'presente_lang';

/**
 * The language the web app will show (lib/i18n.ts detects the stored choice, then the browser's languages): the
 * cookie that mirrors the stored choice, else Accept-Language, else Spanish.
 */
export function pageLanguage(req: FastifyRequest): 'es' | 'en' {
  const chosen = req.cookies?.[LANGUAGE_COOKIE];
  return chosen === 'es' || chosen === 'en' ? chosen : pickLanguage(req.headers['accept-language']);
}

/**
 * The file of the web root a URL path names, as a path relative to the root, or null (the SPA's index.html
 * answers). The path is decoded once; anything that could leave the root or be read twice ('..', '%', '\\',
 * NUL), a hidden segment (.vite/manifest.json, read by bench:web, is not part of the site), a folder and a
 * file that is not there are all null alike, so no answer tells whether something exists outside the root
 * (decision 0028).
 */
export function webFileOf(distDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (/[%\\\0]/.test(decoded)) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((segment) => segment.startsWith('.'))) return null;
  const root = resolve(distDir);
  const file = resolve(root, ...segments);
  if (!file.startsWith(root + sep)) return null;
  try {
    return statSync(file).isFile() ? segments.join('/') : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every other non-API path
 * (the SPA's router decides), never cached so a new release is picked up.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  app.get('/robots.txt', (_req, reply) => reply.header('Cache-Control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(ROBOTS_TXT));
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`web app not built (${distDir}); run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies (vite.config.ts): sent to browsers that accept them, compressed once.
    preCompressed: true,
    // Source maps get no public route of their own: the catch-all below serves them to a super admin only.
    globIgnore: ['**/*.map'],
    setHeaders(reply, path) {
      if (path.endsWith('.map')) reply.header('Cache-Control', 'private, no-store');
      else if (path.endsWith(`${sep}${KIOSK_SW_FILE}`)) {
        // The kiosk's service worker (decision 0045): checked for a new release on every visit, and allowed no
        // scope wider than the kiosk pages, whatever a script asks at registration.
        reply.header('Cache-Control', 'no-cache');
        reply.header('Service-Worker-Allowed', KIOSK_SW_SCOPE);
      } else reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // A public page drawn at build time, in the reader's language, when the build has it; else the SPA's page.
  const prerendered = (req: FastifyRequest, reply: FastifyReply, path: string) => {
    const name = PRERENDERED_PAGES[path];
    if (!name) return null;
    const file = `prerendered/${pageLanguage(req)}/${name}.html`;
    if (!existsSync(join(distDir, file))) return null;
    return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Cookie').sendFile(file);
  };
  app.get('/', (req, reply) => prerendered(req, reply, '/') ?? reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  app.get('/*', (req, reply) => {
    const path = req.url.split('?')[0];
    const page = prerendered(req, reply, path);
    if (page) return page;
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/socket.io/')) {
      return reply.callNotFound();
    }
    const file = webFileOf(distDir, path);
    // The production build's source maps (vite.config.ts, sourcemap 'hidden': no file names them) are kept beside
    // it for the operator: a signed-in super admin reads them; anyone else gets the SPA page, as for a missing
    // file, so nobody learns whether they exist (decision 0036).
    if (file && (!file.endsWith('.map') || req.actor?.role === 'SUPER_ADMIN')) return reply.sendFile(file);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
