import type { LatLng } from "@etalage/core";
import { PC4_RUNS } from "./pc4-areas.ts";

/**
 * The centre of each two-digit postcode region (10 Amsterdam … 99 Delfzijl): what the four-digit
 * table falls back to for the areas before a region's first known place (mostly PO boxes).
 */
export const REGIONS: Record<number, LatLng & { city: string }> = {
  10: { city: "Amsterdam", lat: 52.372, lng: 4.9 },
  11: { city: "Amstelveen", lat: 52.305, lng: 4.865 },
  12: { city: "Hilversum", lat: 52.225, lng: 5.175 },
  13: { city: "Almere", lat: 52.372, lng: 5.218 },
  14: { city: "Purmerend", lat: 52.503, lng: 4.959 },
  15: { city: "Zaandam", lat: 52.438, lng: 4.826 },
  16: { city: "Hoorn", lat: 52.643, lng: 5.06 },
  17: { city: "Heerhugowaard", lat: 52.67, lng: 4.83 },
  18: { city: "Alkmaar", lat: 52.632, lng: 4.748 },
  19: { city: "Beverwijk", lat: 52.487, lng: 4.657 },
  20: { city: "Haarlem", lat: 52.381, lng: 4.637 },
  21: { city: "Hoofddorp", lat: 52.303, lng: 4.69 },
  22: { city: "Noordwijk", lat: 52.24, lng: 4.447 },
  23: { city: "Leiden", lat: 52.16, lng: 4.497 },
  24: { city: "Alphen aan den Rijn", lat: 52.129, lng: 4.656 },
  25: { city: "Den Haag", lat: 52.078, lng: 4.3 },
  26: { city: "Delft", lat: 52.012, lng: 4.359 },
  27: { city: "Zoetermeer", lat: 52.057, lng: 4.493 },
  28: { city: "Gouda", lat: 52.017, lng: 4.708 },
  29: { city: "Capelle aan den IJssel", lat: 51.929, lng: 4.578 },
  30: { city: "Rotterdam", lat: 51.922, lng: 4.479 },
  31: { city: "Schiedam", lat: 51.919, lng: 4.4 },
  32: { city: "Spijkenisse", lat: 51.845, lng: 4.329 },
  33: { city: "Dordrecht", lat: 51.813, lng: 4.69 },
  34: { city: "Nieuwegein", lat: 52.029, lng: 5.081 },
  35: { city: "Utrecht", lat: 52.09, lng: 5.121 },
  36: { city: "Maarssen", lat: 52.136, lng: 5.038 },
  37: { city: "Zeist", lat: 52.089, lng: 5.233 },
  38: { city: "Amersfoort", lat: 52.156, lng: 5.388 },
  39: { city: "Veenendaal", lat: 52.029, lng: 5.558 },
  40: { city: "Tiel", lat: 51.887, lng: 5.429 },
  41: { city: "Culemborg", lat: 51.955, lng: 5.227 },
  42: { city: "Gorinchem", lat: 51.834, lng: 4.974 },
  43: { city: "Zierikzee", lat: 51.65, lng: 3.918 },
  44: { city: "Goes", lat: 51.504, lng: 3.891 },
  45: { city: "Terneuzen", lat: 51.336, lng: 3.828 },
  46: { city: "Bergen op Zoom", lat: 51.495, lng: 4.288 },
  47: { city: "Roosendaal", lat: 51.531, lng: 4.465 },
  48: { city: "Breda", lat: 51.589, lng: 4.776 },
  49: { city: "Oosterhout", lat: 51.645, lng: 4.86 },
  50: { city: "Tilburg", lat: 51.555, lng: 5.091 },
  51: { city: "Waalwijk", lat: 51.683, lng: 5.07 },
  52: { city: "'s-Hertogenbosch", lat: 51.697, lng: 5.304 },
  53: { city: "Zaltbommel", lat: 51.81, lng: 5.249 },
  54: { city: "Uden", lat: 51.661, lng: 5.619 },
  55: { city: "Veldhoven", lat: 51.419, lng: 5.402 },
  56: { city: "Eindhoven", lat: 51.441, lng: 5.478 },
  57: { city: "Helmond", lat: 51.479, lng: 5.657 },
  58: { city: "Venray", lat: 51.526, lng: 5.975 },
  59: { city: "Venlo", lat: 51.37, lng: 6.172 },
  60: { city: "Weert", lat: 51.251, lng: 5.706 },
  61: { city: "Sittard", lat: 50.998, lng: 5.869 },
  62: { city: "Maastricht", lat: 50.851, lng: 5.691 },
  63: { city: "Valkenburg", lat: 50.865, lng: 5.832 },
  64: { city: "Heerlen", lat: 50.888, lng: 5.98 },
  65: { city: "Nijmegen", lat: 51.842, lng: 5.853 },
  66: { city: "Wijchen", lat: 51.809, lng: 5.725 },
  67: { city: "Ede", lat: 52.04, lng: 5.665 },
  68: { city: "Arnhem", lat: 51.985, lng: 5.899 },
  69: { city: "Zevenaar", lat: 51.93, lng: 6.071 },
  70: { city: "Doetinchem", lat: 51.965, lng: 6.289 },
  71: { city: "Winterswijk", lat: 51.972, lng: 6.72 },
  72: { city: "Zutphen", lat: 52.138, lng: 6.201 },
  73: { city: "Apeldoorn", lat: 52.211, lng: 5.969 },
  74: { city: "Deventer", lat: 52.255, lng: 6.163 },
  75: { city: "Enschede", lat: 52.221, lng: 6.894 },
  76: { city: "Almelo", lat: 52.357, lng: 6.662 },
  77: { city: "Hardenberg", lat: 52.575, lng: 6.62 },
  78: { city: "Emmen", lat: 52.785, lng: 6.897 },
  79: { city: "Hoogeveen", lat: 52.722, lng: 6.476 },
  80: { city: "Zwolle", lat: 52.516, lng: 6.083 },
  81: { city: "Raalte", lat: 52.386, lng: 6.275 },
  82: { city: "Lelystad", lat: 52.518, lng: 5.471 },
  83: { city: "Emmeloord", lat: 52.71, lng: 5.75 },
  84: { city: "Heerenveen", lat: 52.959, lng: 5.919 },
  85: { city: "Joure", lat: 52.966, lng: 5.79 },
  86: { city: "Sneek", lat: 53.031, lng: 5.659 },
  87: { city: "Bolsward", lat: 53.064, lng: 5.531 },
  88: { city: "Harlingen", lat: 53.175, lng: 5.421 },
  89: { city: "Leeuwarden", lat: 53.201, lng: 5.799 },
  90: { city: "Grou", lat: 53.094, lng: 5.836 },
  91: { city: "Dokkum", lat: 53.326, lng: 5.999 },
  92: { city: "Drachten", lat: 53.107, lng: 6.099 },
  93: { city: "Roden", lat: 53.138, lng: 6.421 },
  94: { city: "Assen", lat: 52.993, lng: 6.562 },
  95: { city: "Stadskanaal", lat: 52.989, lng: 6.95 },
  96: { city: "Hoogezand", lat: 53.161, lng: 6.761 },
  97: { city: "Groningen", lat: 53.219, lng: 6.567 },
  98: { city: "Zuidhorn", lat: 53.246, lng: 6.404 },
  99: { city: "Delfzijl", lat: 53.33, lng: 6.918 },
};

/** Where a four-digit Dutch postcode area lies: the centre of its place (pc4-areas.ts). */
export function locatePostcodeArea(area: number): (LatLng & { place: string }) | null {
  let low = 0;
  let high = PC4_RUNS.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const [from, to, lat, lng, place] = PC4_RUNS[mid] as (typeof PC4_RUNS)[number];
    if (area < from) high = mid - 1;
    else if (area > to) low = mid + 1;
    else return { lat: lat / 1000, lng: lng / 1000, place };
  }
  return null;
}

/** Every place of the postcode table by its name, at the centre of its widest run of areas. */
export const PLACES: ReadonlyMap<string, LatLng> = (() => {
  const widest = new Map<string, { span: number; at: LatLng }>();
  for (const [from, to, lat, lng, place] of PC4_RUNS) {
    const span = to - from;
    if ((widest.get(place)?.span ?? -1) < span)
      widest.set(place, { span, at: { lat: lat / 1000, lng: lng / 1000 } });
  }
  return new Map([...widest].map(([place, { at }]) => [place, at]));
})();
