/**
 * Small deterministic helpers for the demo catalogue: a seeded PRNG, slugs, shop prices and
 * timestamps. Nothing here reads the clock or Math.random, so every run yields the same bytes.
 */

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `n` distinct items in random order (all of them when n exceeds the length). */
  sample<T>(items: readonly T[], n: number): T[];
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: tiny, fast and good enough for demo data; not for anything secret. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)]!;
    },
    sample: (items, n) => shuffle(items).slice(0, n),
    shuffle,
  };
}

/** URL-safe lowercase slug; accents are dropped so "suède" and "suede" meet in one URL. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " en ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Shop prices including tax, the way a menswear shop writes them: .95 below 200, round euros
 * above, and a few round prices in between.
 */
const PRICE_POINTS: readonly number[] = [
  ...[9, 12, 14, 17, 19, 24, 29, 34, 39, 44, 49, 54, 59, 64, 69, 74, 79, 84, 89, 99].map((e) => e + 0.95),
  ...[109, 119, 129, 139, 149, 159, 169, 179, 189, 199, 219].map((e) => e + 0.95),
  89,
  129,
  159,
  179,
  199,
  229,
  249,
  279,
  299,
  329,
  349,
  379,
  399,
  429,
  449,
  499,
  549,
  599,
].sort((a, b) => a - b);

export function pickPrice(rng: Rng, min: number, max: number): number {
  return rng.pick(PRICE_POINTS.filter((p) => p >= min && p <= max));
}

/**
 * Prices are stored excluding tax with 4 decimals, so that the tax-inclusive price the server
 * computes rounds back to the shop price the merchandiser chose.
 */
export function excludingTax(inclusive: number, ratePercent: number): number {
  return Math.round((inclusive / (1 + ratePercent / 100)) * 10000) / 10000;
}

/** A sale price `fraction` below `inclusive`, again ending in .95 (or on 5 euros above 100). */
export function discounted(inclusive: number, fraction: number): number {
  const target = inclusive * (1 - fraction);
  const whole = target < 100 ? Math.round(target) : Math.round(target / 5) * 5;
  return round2(Math.max(whole - 0.05, 4.95));
}

const MINUTE = 60_000;

/** An ISO timestamp between two fixed UTC dates ("YYYY-MM-DD"). */
export function timestampBetween(rng: Rng, from: string, to: string): string {
  const start = Date.parse(`${from}T00:00:00Z`);
  const span = (Date.parse(`${to}T00:00:00Z`) - start) / MINUTE;
  return new Date(start + Math.floor(rng.next() * span) * MINUTE).toISOString();
}

export function addDays(rng: Rng, iso: string, maxDays: number, cap: string): string {
  const later = Date.parse(iso) + rng.int(0, maxDays) * 24 * 60 * MINUTE + rng.int(0, 600) * MINUTE;
  return new Date(Math.min(later, Date.parse(`${cap}T00:00:00Z`))).toISOString();
}
