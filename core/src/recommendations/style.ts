/**
 * Catalogue rules for lists a shopper's history cannot fill yet (issue 16): "Bekijk ook"
 * (alternatives: the same kind of thing in a similar style and price) and "Maak je look compleet"
 * (upsell: the same kind, a step up in price). Pure: the service describes products as
 * `StyleFacts`, these rules compare them.
 */

export interface StyleFacts {
  key: string;
  /** The most specific category of the product (its leaf). */
  category: number | undefined;
  /** Fit, material and pattern: what makes two shirts look alike. */
  fit: string | undefined;
  material: string | undefined;
  pattern: string | undefined;
  /** Colour families the product comes in ("navy" is blue). */
  colorFamilies: readonly string[];
  /** The price the shopper pays, incl. tax. */
  price: number;
}

/** Price bands in euros: a € 40 shirt and a € 180 shirt are not alternatives. */
export const PRICE_BANDS = [0, 50, 100, 150, 250, 400] as const;

/** The band a price falls in: 0 below € 50, 1 from € 50, … */
export function priceBand(price: number): number {
  let band = 0;
  for (let i = 0; i < PRICE_BANDS.length; i++) if (price >= PRICE_BANDS[i]!) band = i;
  return band;
}

/** Same kind is required; then style, colour and price each add. */
const WEIGHTS = { fit: 2, material: 1.5, pattern: 1, color: 2, sameBand: 2, nextBand: 1 } as const;

/**
 * How good an alternative `b` is for `a`, or 0 when it is none (another kind, or `a` itself).
 * Symmetric: a good alternative of a shirt has that shirt as a good alternative too.
 */
export function alternativeScore(a: StyleFacts, b: StyleFacts): number {
  if (a.key === b.key || a.category === undefined || a.category !== b.category) return 0;
  let score = 1;
  if (a.fit && a.fit === b.fit) score += WEIGHTS.fit;
  if (a.material && a.material === b.material) score += WEIGHTS.material;
  if (a.pattern && a.pattern === b.pattern) score += WEIGHTS.pattern;
  if (a.colorFamilies.some((c) => b.colorFamilies.includes(c))) score += WEIGHTS.color;
  const bands = Math.abs(priceBand(a.price) - priceBand(b.price));
  if (bands === 0) score += WEIGHTS.sameBand;
  else if (bands === 1) score += WEIGHTS.nextBand;
  return score;
}

/** The most an upsell may cost, as a share above the product: a step up, not a leap. */
export const UPSELL_MAX_STEP = 1.0;

/**
 * How good an upsell `b` is for `a`, or 0 when it is none: the same kind, dearer than `a` but at
 * most twice its price. Closer in style scores higher, and a modest step beats a big one.
 */
export function upsellScore(a: StyleFacts, b: StyleFacts): number {
  if (a.key === b.key || a.category === undefined || a.category !== b.category) return 0;
  if (!(b.price > a.price) || b.price > a.price * (1 + UPSELL_MAX_STEP)) return 0;
  let score = 1;
  if (a.fit && a.fit === b.fit) score += WEIGHTS.fit;
  if (a.material && a.material === b.material) score += WEIGHTS.material;
  if (a.colorFamilies.some((c) => b.colorFamilies.includes(c))) score += WEIGHTS.color / 2;
  const step = (b.price - a.price) / Math.max(a.price, 1);
  return score * (1.5 - step / (2 * UPSELL_MAX_STEP));
}
