import { dutchPostcodeArea, type LatLng, nearest } from "@etalage/core";
import { locatePostcodeArea, REGIONS } from "./postcode-areas.ts";
import type { OpeningHours } from "./stores-data.ts";

/** A PostNL pick-up point in the contract's shape. */
export interface ServicePoint {
  code: string;
  name: string;
  street: string;
  house_number: string;
  postcode: string;
  city: string;
  lat: number;
  lng: number;
  opening_hours: OpeningHours[];
  carrier: "postnl";
}

/** How far a pick-up point may be to count as near, and how many a shopper chooses from. */
const SERVICE_POINT_RADIUS_M = 15_000;
const SERVICE_POINT_LIMIT = 10;

const SHOPS = [
  "Primera",
  "Bruna",
  "Albert Heijn",
  "Jumbo",
  "DA Drogist",
  "Gamma",
  "Karwei",
  "Tabakzaak De Pijp",
  "Boekhandel",
  "PLUS",
];
const STREETS = [
  "Dorpsstraat",
  "Kerkstraat",
  "Stationsweg",
  "Marktplein",
  "Hoofdstraat",
  "Molenweg",
  "Schoolstraat",
  "Julianalaan",
  "Wilhelminastraat",
  "Beatrixlaan",
  "Winkelcentrum",
  "Nieuwstraat",
];
const POINTS_PER_REGION = 4;

/** A small deterministic generator, so every start and every test sees the same points. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WEEK: OpeningHours[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
  day,
  open: day === 7 ? null : "09:00",
  close: day === 7 ? null : day === 6 ? "17:00" : "20:00",
}));

/**
 * The built-in PostNL pick-up points: four in every two-digit postcode region (360 in all),
 * scattered within a few kilometres of the region's centre, in the region's main town.
 */
const SERVICE_POINTS: readonly ServicePoint[] = Object.entries(REGIONS).flatMap(([prefix, region]) => {
  const random = mulberry32(Number(prefix) * 7919);
  return Array.from({ length: POINTS_PER_REGION }, (_, i) => {
    const shop = SHOPS[Math.floor(random() * SHOPS.length)]!;
    const street = STREETS[Math.floor(random() * STREETS.length)]!;
    const digits = Number(prefix) * 100 + 11 + Math.floor(random() * 80);
    const letters = String.fromCharCode(65 + Math.floor(random() * 20), 66 + Math.floor(random() * 20));
    return {
      code: `${prefix}${String(i + 1).padStart(2, "0")}${String(digits).slice(2)}`,
      name: `${shop} ${region.city}`,
      street,
      house_number: String(1 + Math.floor(random() * 180)),
      postcode: `${digits} ${letters.replace(/S[ADS]/, "SB")}`,
      city: region.city,
      lat: Math.round((region.lat + (random() - 0.5) * 0.05) * 1e6) / 1e6,
      lng: Math.round((region.lng + (random() - 0.5) * 0.08) * 1e6) / 1e6,
      opening_hours: WEEK,
      carrier: "postnl" as const,
    };
  });
});

const byCode = new Map(SERVICE_POINTS.map((p) => [p.code, p]));

export function findServicePoint(code: string): ServicePoint | undefined {
  return byCode.get(code);
}

/**
 * The pick-up points near a Dutch postcode, nearest first; empty when none is within reach (the
 * islands) or the postcode is not Dutch. `null` for input that is no postcode at all.
 */
export function servicePointsNear(postcode: string): (ServicePoint & { distance_m: number })[] | null {
  const area = dutchPostcodeArea(postcode);
  if (area === null) return null;
  const origin: LatLng | null = locatePostcodeArea(area);
  if (!origin) return [];
  return nearest(origin, SERVICE_POINTS, SERVICE_POINT_RADIUS_M, SERVICE_POINT_LIMIT);
}
