import type { GeocodeResult, WorkLocation } from '@presente/shared';
import type { workLocations } from '../../db/schema/index.js';
import { iso } from '../../lib/iso.js';

type LocationRow = typeof workLocations.$inferSelect & { _count?: { schedules: number } };

/** A work location row as the admin reads it (spec §3): never its company. */
export function presentLocation(l: LocationRow): WorkLocation {
  return {
    id: l.id,
    name: l.name,
    address: l.address,
    latitude: l.latitude,
    longitude: l.longitude,
    allowedRadius: l.allowedRadius,
    createdAt: iso(l.createdAt),
    updatedAt: iso(l.updatedAt),
    ...(l._count ? { _count: { schedules: l._count.schedules } } : {}),
  };
}

export const presentGeocodeResult = (r: GeocodeResult): GeocodeResult => ({ displayName: r.displayName, latitude: r.latitude, longitude: r.longitude });
