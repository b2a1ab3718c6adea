import { t } from "../i18n/translate.ts";

/** Price ranges of the price facet: 0-50, 50-100, 100-150, 150 and up (browsing §9). */
export const PRICE_RANGES: readonly { from: number; to?: number }[] = [
  { from: 0, to: 50 },
  { from: 50, to: 100 },
  { from: 100, to: 150 },
  { from: 150 },
];

export const CURRENCY_SIGN = "€";

export interface PriceBucket {
  /** The search backend's key, "0.0-50.0" … "150.0-*" (contract: catalogue aggregations). */
  id: string;
  label: string;
  from: number;
  /** Absent on the last, open-ended bucket. */
  to?: number;
}

/**
 * The price facet's buckets with their labels (browsing §9): the first '< €to', the last
 * '> €from', the others '€from - €to'. A bucket holds prices from `from` up to, not including, `to`.
 */
export function priceBuckets(
  ranges: readonly { from: number; to?: number }[] = PRICE_RANGES,
  currencySign: string = CURRENCY_SIGN,
): PriceBucket[] {
  const money = (n: number) => `${currencySign}${n}`;
  return ranges.map((range, i) => {
    const id = `${range.from.toFixed(1)}-${range.to === undefined ? "*" : range.to.toFixed(1)}`;
    const label =
      range.to === undefined
        ? `> ${money(range.from)}`
        : i === 0
          ? `< ${money(range.to)}`
          : `${money(range.from)} - ${money(range.to)}`;
    return range.to === undefined
      ? { id, label, from: range.from }
      : { id, label, from: range.from, to: range.to };
  });
}

/** Whole euros without cents, with the shop's own space: `€ 50`, `€ 1.250`. */
// One formatter for the module: toLocaleString with options builds a new Intl.NumberFormat on every
// call, which was 3.6 % of a server-rendered category page (four buckets, each label twice).
const euros = new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 2 });

function wholeEuros(amount: number): string {
  return `${CURRENCY_SIGN} ${euros.format(amount)}`;
}

/**
 * A price range as the shopper reads it in the filter (issue 14: the API's "€50 - €100" lacked
 * the shop's spacing): "Tot € 50", "€ 50 – € 100" with an en dash, "Vanaf € 150". The API's own
 * labels stay as the contract shows them.
 */
export function priceRangeLabel(range: { from: number; to?: number | null }): string {
  // Loader data that went through JSON may say null for the open end.
  if (range.to === undefined || range.to === null)
    return t("From {price}", { price: wholeEuros(range.from) });
  if (range.from <= 0) return t("Up to {price}", { price: wholeEuros(range.to) });
  return `${wholeEuros(range.from)} – ${wholeEuros(range.to)}`;
}

/** The bucket a price falls in, or undefined below the first one. */
export function priceBucketOf(
  price: number,
  buckets: readonly PriceBucket[] = priceBuckets(),
): PriceBucket | undefined {
  return buckets.find((b) => price >= b.from && (b.to === undefined || price < b.to));
}

/** Price slider constants (browsing §9). */
export const PRICE_SLIDER = { min: 0, max: 200, padding: 10, step: 1, minGap: 5 } as const;

export interface PriceSliderRange {
  min: number;
  max: number;
  step: number;
  /** The least distance between the two handles. */
  minGap: number;
}

/**
 * The slider for the prices found (browsing §9): bounds padded by 10 on both sides (never below
 * 0) and made whole, 0 and 200 when a bound is unknown, step 1, and a handle gap of max/50 rounded
 * but at least 5. A lowest price above the highest is read the other way round.
 */
export function priceSliderRange(min?: number | null, max?: number | null): PriceSliderRange {
  const known = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n);
  let [low, high] = [min, max];
  if (known(low) && known(high) && low > high) [low, high] = [high, low];
  const lower = known(low) ? Math.max(0, Math.floor(low) - PRICE_SLIDER.padding) : PRICE_SLIDER.min;
  let upper = known(high) ? Math.ceil(high) + PRICE_SLIDER.padding : PRICE_SLIDER.max;
  if (upper <= lower) upper = lower + PRICE_SLIDER.padding;
  return {
    min: lower,
    max: upper,
    step: PRICE_SLIDER.step,
    minGap: Math.max(PRICE_SLIDER.minGap, Math.round(upper / 50)),
  };
}
