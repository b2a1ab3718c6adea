import { dutchPostcodeArea, type LatLng } from "@etalage/core";
import { locatePostcodeArea, PLACES } from "./postcode-areas.ts";
import { STORES } from "./stores-data.ts";

/**
 * Where a shopper's search for a store points: a Dutch postcode (`1012 AB` or its four digits) at
 * the centre of its four-digit area's place, or a city, a store's or one of the postcode table's
 * places, by name. All from built-in tables, so the search works without any outside geocoder.
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
  const places = [...PLACES];
  const place =
    places.find(([city]) => normalise(city) === name) ??
    places.find(([city]) => normalise(city).startsWith(name));
  return place ? { ...place[1], label: place[0] } : null;
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
