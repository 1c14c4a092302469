import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * For crawlers: the landing is public; the API, the signed-in areas, the auth flows and the kiosk links
 * (a token in the URL) are not pages to index. Served by the server itself, so it never falls through to
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
  'Disallow: /forgot-password',
  'Disallow: /undo-email-change',
  '',
].join('\n');

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
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', (_req, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  app.get('/*', (req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/socket.io/')) {
      return reply.callNotFound();
    }
    const file = join(distDir, path);
    // Hidden build files (.vite/manifest.json, read by bench:web) are not part of the site.
    const hidden = path.split('/').some((segment) => segment.startsWith('.'));
    if (path !== '/' && !hidden && existsSync(file) && !file.endsWith('/')) return reply.sendFile(path.slice(1));
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
