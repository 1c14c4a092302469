import { AppError } from '../../errors.js';

export interface GeocodeResult {
  displayName: string;
  latitude: number;
  longitude: number;
}

/** Peru's bounding box (west, north, east, south) to bias results, as the spec's viewbox does. */
const PERU_VIEWBOX = '-81.41,-0.04,-68.65,-18.35';

/**
 * Address search through a Nominatim-compatible geocoder (GEOCODER_URL), restricted to Peru, 5 results.
 * The browser never calls the geocoder itself: one place to set the User-Agent, timeout and policy.
 */
export async function searchAddress(geocoderUrl: string | undefined, query: string, lang: string): Promise<GeocodeResult[]> {
  if (!geocoderUrl) throw new AppError('bad_gateway', 'location.searchFailed');
  const url = new URL('search', geocoderUrl.endsWith('/') ? geocoderUrl : `${geocoderUrl}/`);
  url.search = new URLSearchParams({
    q: query,
    format: 'json',
    limit: '5',
    countrycodes: 'pe',
    viewbox: PERU_VIEWBOX,
    bounded: '1',
    'accept-language': lang,
  }).toString();
  let body: unknown;
  try {
    const res = await fetch(url, { headers: { 'User-Agent': 'Presente/2.1 (attendance control)' }, signal: AbortSignal.timeout(6000) });
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    body = await res.json();
  } catch {
    throw new AppError('bad_gateway', 'location.searchFailed');
  }
  if (!Array.isArray(body)) throw new AppError('bad_gateway', 'location.searchFailed');
  return body
    .map((r: { display_name?: unknown; lat?: unknown; lon?: unknown }) => ({
      displayName: String(r.display_name ?? ''),
      latitude: Number(r.lat),
      longitude: Number(r.lon),
    }))
    .filter((r) => r.displayName && Number.isFinite(r.latitude) && Number.isFinite(r.longitude))
    .slice(0, 5);
}
