import { z } from 'zod';

export { DEFAULT_MAP_TILE_URL, DEFAULT_PUBLIC_CONFIG, DEFAULT_SUPPORT_EMAIL, OSM_ATTRIBUTION } from './public-config-defaults.js';

/**
 * GET /api/config (public, no session): what the operator configured for every screen. `map.tileUrl` is
 * null when tiles are switched off (maps then draw a neutral grid and stay usable); `support.whatsapp` is
 * the support line in digits, null while none is configured (WhatsApp buttons are hidden).
 */
export const publicConfig = z.object({
  map: z.object({ tileUrl: z.string().nullable(), attribution: z.string().nullable() }),
  support: z.object({ email: z.string(), whatsapp: z.string().nullable() }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
export const publicConfigAnswer = z.object({ data: publicConfig });
