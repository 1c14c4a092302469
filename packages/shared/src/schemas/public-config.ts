import { z } from 'zod';

/** OpenStreetMap's public tiles: the default map of a fresh install (their usage policy allows light use). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>';
export const DEFAULT_SUPPORT_EMAIL = 'soporte@presente.app';

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

/** What the screens use until (or unless) the server's answer arrives. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  map: { tileUrl: DEFAULT_MAP_TILE_URL, attribution: OSM_ATTRIBUTION },
  support: { email: DEFAULT_SUPPORT_EMAIL, whatsapp: null },
};
