/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const R = 6_371_000;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

/** The reported GPS accuracy is allowed for, up to this much (a worse fix cannot stretch the fence further). */
export const MAX_ACCURACY_ALLOWANCE_M = 150;

/** Inside the fence when the distance, less the position's uncertainty, is within the radius. */
export function insideGeofence(distance: number, radius: number, accuracy = 0): boolean {
  return distance - Math.min(Math.max(accuracy, 0), MAX_ACCURACY_ALLOWANCE_M) <= radius;
}
