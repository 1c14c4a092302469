/** Work-location rules of spec §5, §9. */
export const RADIUS_MIN = 10;
export const RADIUS_MAX = 5000;
export const RADIUS_DEFAULT = 100;
/** Lima, the default map centre. */
export const MAP_DEFAULT_CENTER: [number, number] = [-12.0464, -77.0428];
export const MAP_ZOOM_DEFAULT = 12;
export const MAP_ZOOM_SELECTED = 16;
export const MAP_HEIGHT = 400;
export const GPS_TIMEOUT_MS = 10_000;
export const SEARCH_DEBOUNCE_MS = 800;
/** The search starts with more than 4 characters. */
export const SEARCH_MIN_CHARS = 5;
