import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every other non-API path
 * (the SPA's router decides), never cached so a new release is picked up.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
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
    if (path !== '/' && existsSync(file) && !file.endsWith('/')) return reply.sendFile(path.slice(1));
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
