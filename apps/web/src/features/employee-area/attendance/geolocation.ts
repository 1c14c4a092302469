import type { GeoPoint } from '@presente/shared';
import { useEffect, useState } from 'react';

/** Spec §7: check-in location with high accuracy, 5 s timeout, a fix up to 5 minutes old is fine. */
export const CHECK_GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 5 * 60 * 1000 };
/** The browser's timeout does not run while its permission prompt is open: give up after this anyway. */
const PROMPT_GUARD_MS = 6000;
/** When the schedule requires a location, leave the person time to answer the prompt. */
const PROMPT_GUARD_REQUIRED_MS = 30_000;
const MAX_ACCURACY_M = 100_000;

/**
 * The device's position, or null when geolocation is missing, denied, fails or takes too long: the
 * check-in is then sent without location (spec §8) and the server decides (a geofenced schedule refuses).
 */
export function currentLocation(required: boolean): Promise<GeoPoint | null> {
  const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: GeoPoint | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      resolve(value);
    };
    const guard = setTimeout(() => finish(null), required ? PROMPT_GUARD_REQUIRED_MS : PROMPT_GUARD_MS);
    try {
      geo.getCurrentPosition(
        ({ coords }) =>
          finish({
            latitude: coords.latitude,
            longitude: coords.longitude,
            accuracy: Number.isFinite(coords.accuracy) ? Math.min(Math.max(coords.accuracy, 0), MAX_ACCURACY_M) : undefined,
          }),
        () => finish(null),
        CHECK_GEO_OPTIONS,
      );
    } catch {
      finish(null);
    }
  });
}

export type GeoPermission = 'granted' | 'denied' | 'prompt' | 'unsupported' | 'unknown';

/** The browser's geolocation permission, kept up to date (unknown where the Permissions API is missing). */
export function useGeoPermission(): GeoPermission {
  const [state, setState] = useState<GeoPermission>(() => (typeof navigator !== 'undefined' && !navigator.geolocation ? 'unsupported' : 'unknown'));
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    let alive = true;
    const update = () => status && setState(status.state as GeoPermission);
    navigator.permissions.query({ name: 'geolocation' }).then(
      (s) => {
        if (!alive) return;
        status = s;
        update();
        s.addEventListener('change', update);
      },
      () => {},
    );
    return () => {
      alive = false;
      status?.removeEventListener('change', update);
    };
  }, []);
  return state;
}
