import { dutchPostcodeArea, type LatLng } from "@etalage/core";
import { locatePostcodeArea, REGIONS } from "./postcode-areas.ts";
import { STORES } from "./stores-data.ts";

/**
 * Where a shopper's search for a store points: a Dutch postcode (`1012 AB` or its four digits) at
 * its area's centre, or a city, a store's or a postcode region's, by name. All from built-in
 * tables, so the search works without any outside geocoder.
 */
export function locatePlace(query: string): (LatLng & { label: string }) | null {
  const text = query.trim();
  const area = dutchPostcodeArea(text);
  if (area !== null) {
    const point = locatePostcodeArea(area);
    return point ? { ...point, label: text.toUpperCase() } : null;
  }
  const name = normalise(text);
  if (name.length < 2) return null;
  const store =
    STORES.find((s) => normalise(s.city) === name) ?? STORES.find((s) => normalise(s.city).startsWith(name));
  if (store) return { lat: store.lat, lng: store.lng, label: store.city };
  const regions = Object.values(REGIONS);
  const region =
    regions.find((r) => normalise(r.city) === name) ??
    regions.find((r) => normalise(r.city).startsWith(name));
  return region ? { lat: region.lat, lng: region.lng, label: region.city } : null;
}

function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/^'s[- ]/, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
