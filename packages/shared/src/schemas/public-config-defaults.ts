import type { PublicConfig } from './public-config.js';

// Apart from the zod schema so that a page needing only the defaults (the landing) does not load zod.

/** OpenStreetMap's public tiles: the default map of a fresh install (their usage policy allows light use). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>';
export const DEFAULT_SUPPORT_EMAIL = 'soporte@presente.app';

/** What the screens use until (or unless) the server's answer arrives. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  map: { tileUrl: DEFAULT_MAP_TILE_URL, attribution: OSM_ATTRIBUTION },
  support: { email: DEFAULT_SUPPORT_EMAIL, whatsapp: null },
};
