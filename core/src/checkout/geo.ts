/** A point on the earth in decimal degrees (WGS84). */
export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Great-circle distance in whole metres (haversine). Store and pick-up-point distances are short,
 * so the sphere's error (under 0.5 %) is far below what a shopper notices.
 */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** The `limit` places nearest to `origin` within `maxMetres`, nearest first, each with its distance. */
export function nearest<T extends LatLng>(
  origin: LatLng,
  places: readonly T[],
  maxMetres: number,
  limit: number,
): (T & { distance_m: number })[] {
  return places
    .map((place) => ({ ...place, distance_m: distanceMetres(origin, place) }))
    .filter((place) => place.distance_m <= maxMetres)
    .sort((a, b) => a.distance_m - b.distance_m)
    .slice(0, limit);
}
