import { z } from 'zod';

/** A work location (geofence) as the admin's screens read it (spec §3). */
export const workLocationAnswer = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Metres. */
  allowedRadius: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Schedules using the location; absent from the answer to an update. */
  _count: z.object({ schedules: z.number() }).optional(),
});
export type WorkLocation = z.infer<typeof workLocationAnswer>;

/** One address the geocoder found (GET /geocode/search, Peru, up to 5). */
export const geocodeResult = z.object({ displayName: z.string(), latitude: z.number(), longitude: z.number() });
export type GeocodeResult = z.infer<typeof geocodeResult>;
