/**
 * How the recommendation service learns from shoppers (issue 16): every signal is a weight that
 * fades with a half-life, so last week's bestseller beats last year's; products seen or bought in
 * one session pull each other up. Pure: the service keeps the numbers, these rules say how they
 * change.
 */

/** What a shopper did with a product, strongest last. */
export type Signal = "view" | "click" | "add-to-cart" | "purchase";

/** A purchase says more than an add to cart, which says more than a click or a look. */
export const SIGNAL_WEIGHTS: Readonly<Record<Signal, number>> = {
  view: 1,
  click: 2,
  "add-to-cart": 5,
  purchase: 10,
};

/** Popularity halves every two weeks: fashion moves with the season. */
export const POPULARITY_HALF_LIFE_MS = 14 * 24 * 3_600_000;
/** "Bought together" and "viewed together" are slower to fade: outfits stay outfits. */
export const PAIR_HALF_LIFE_MS = 60 * 24 * 3_600_000;

/** A score that fades: `score` is its value at `at` (epoch ms). */
export interface Decayed {
  score: number;
  at: number;
}

/** The value of `entry` at `now`: halved per half-life elapsed; never grows back in time. */
export function decayedScore(entry: Decayed, now: number, halfLifeMs: number): number {
  const age = Math.max(0, now - entry.at);
  return entry.score * 2 ** (-age / halfLifeMs);
}

/**
 * `entry` with `weight` added at `at`. An event older than the entry (replayed out of order) is
 * faded to the entry's time instead, so the order events arrive in does not change the total.
 */
export function addDecayed(
  entry: Decayed | undefined,
  weight: number,
  at: number,
  halfLifeMs: number,
): Decayed {
  if (!entry) return { score: weight, at };
  if (at >= entry.at) return { score: decayedScore(entry, at, halfLifeMs) + weight, at };
  return { score: entry.score + weight * 2 ** (-(entry.at - at) / halfLifeMs), at: entry.at };
}

/** At most this many earlier products of a session pair with a new one: a long browse is not one outfit. */
export const SESSION_PAIR_WINDOW = 10;

/**
 * The products a new `key` pairs with in its session: the last `window` distinct others,
 * nearest first. A product never pairs with itself.
 */
export function sessionPartners(
  history: readonly string[],
  key: string,
  window = SESSION_PAIR_WINDOW,
): string[] {
  const out: string[] = [];
  for (let i = history.length - 1; i >= 0 && out.length < window; i--) {
    const other = history[i]!;
    if (other !== key && !out.includes(other)) out.push(other);
  }
  return out;
}

/** `history` with `key` moved (or added) to the end, at most `limit` long: a recently-viewed list. */
export function pushRecent(history: readonly string[], key: string, limit: number): string[] {
  const next = history.filter((k) => k !== key);
  next.push(key);
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/**
 * The `k` best keys of `scores`, best first; ties by key so that answers are stable.
 * Keys in `exclude` and scores of 0 or less are skipped.
 */
export function topKeys(
  scores: Iterable<readonly [string, number]>,
  k: number,
  exclude: ReadonlySet<string> = new Set(),
): string[] {
  const kept: [string, number][] = [];
  for (const [key, score] of scores) {
    if (score <= 0 || exclude.has(key)) continue;
    kept.push([key, score]);
  }
  kept.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return kept.slice(0, Math.max(0, k)).map(([key]) => key);
}
