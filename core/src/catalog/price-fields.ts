import { type TaxedAmount, toCents } from "./tax.ts";

/**
 * Every price a product shows, each as value (net), `_tax` and `_incl_tax` (browsing §3), named as
 * VSF1's taxCalc named them. Unlike VSF1, `price` keeps meaning the regular price whatever the date;
 * VSF1 overwrote it with the special price inside the window, so a field changed meaning with time.
 * - `price`, `regular_price`, `original_price`: the regular price.
 * - `special_price`: the special price while it is active and lower than the regular one, else 0.
 * - `final_price`: what the shopper pays (the active lower special price, else the regular one).
 */
export interface PriceFields {
  price: number;
  price_tax: number;
  price_incl_tax: number;
  regular_price: number;
  regular_price_tax: number;
  regular_price_incl_tax: number;
  original_price: number;
  original_price_tax: number;
  original_price_incl_tax: number;
  special_price: number;
  special_price_tax: number;
  special_price_incl_tax: number;
  final_price: number;
  final_price_tax: number;
  final_price_incl_tax: number;
}

const NONE: TaxedAmount = { value: 0, tax: 0, incl_tax: 0 };

/** The field set of a regular price and, when one applies, a lower special price. */
export function priceFields(regular: TaxedAmount, special: TaxedAmount | null): PriceFields {
  const final = special ?? regular;
  const shown = special ?? NONE;
  return {
    price: regular.value,
    price_tax: regular.tax,
    price_incl_tax: regular.incl_tax,
    regular_price: regular.value,
    regular_price_tax: regular.tax,
    regular_price_incl_tax: regular.incl_tax,
    original_price: regular.value,
    original_price_tax: regular.tax,
    original_price_incl_tax: regular.incl_tax,
    special_price: shown.value,
    special_price_tax: shown.tax,
    special_price_incl_tax: shown.incl_tax,
    final_price: final.value,
    final_price_tax: final.tax,
    final_price_incl_tax: final.incl_tax,
  };
}

export interface PricedPart {
  fields: PriceFields;
  qty: number;
}

/**
 * Sums parts, each times its quantity (browsing §4 "Grouped and bundle": the total starts at 0).
 * Gross and tax add up in whole cents, so the total is the sum of the amounts the shopper sees;
 * nets add up to the catalogue's 4 decimals. The total has a special price exactly when some part's
 * lower special price makes the total pay less than the regular total.
 */
export function sumPriceFields(parts: readonly PricedPart[]): PriceFields {
  const regular = total(parts, (f) => ({ value: f.price, tax: f.price_tax, incl_tax: f.price_incl_tax }));
  const final = total(parts, (f) => ({
    value: f.final_price,
    tax: f.final_price_tax,
    incl_tax: f.final_price_incl_tax,
  }));
  return priceFields(regular, final.incl_tax < regular.incl_tax ? final : null);
}

function total(parts: readonly PricedPart[], pick: (fields: PriceFields) => TaxedAmount): TaxedAmount {
  let value = 0;
  let taxCents = 0;
  let inclCents = 0;
  for (const part of parts) {
    const amount = pick(part.fields);
    value += amount.value * part.qty;
    taxCents += toCents(amount.tax * part.qty);
    inclCents += toCents(amount.incl_tax * part.qty);
  }
  return { value: Math.round(value * 10_000) / 10_000, tax: taxCents / 100, incl_tax: inclCents / 100 };
}
