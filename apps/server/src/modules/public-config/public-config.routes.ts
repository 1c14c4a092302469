import { OSM_ATTRIBUTION, type PublicConfig, publicConfigAnswer } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';

/** The operator's settings every screen may read, signed in or not (map tiles, support contact). */
export function publicConfigOf(config: Config): PublicConfig {
  const tileUrl = config.MAP_TILE_URL;
  const osmTiles = !!tileUrl && /^https?:\/\/([^/]+\.)?openstreetmap\.org\//i.test(tileUrl);
  return {
    map: { tileUrl, attribution: tileUrl ? (config.MAP_TILE_ATTRIBUTION ?? (osmTiles ? OSM_ATTRIBUTION : null)) : null },
    support: { email: config.SUPPORT_EMAIL, whatsapp: config.SUPPORT_WHATSAPP ?? null },
  };
}

/** GET /api/config: public, cached 5 minutes by browsers (it changes only with a restart). */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', { schema: { tags: ['system'], response: { 200: publicConfigAnswer } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { data: publicConfigOf(app.deps.config) };
  });
};
