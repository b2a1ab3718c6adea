import type { TaxRate, TaxRule } from "./types.ts";

/** Customer tax class of guests and the default customer group (browsing §6). */
export const DEFAULT_CUSTOMER_TAX_CLASS_ID = 3;

export interface TaxRuleQuery {
  productTaxClassId: number | string | null | undefined;
  customerTaxClassId: number;
  countryId: string;
}

/**
 * The rate (percent) that applies: the first rule, by priority then id, whose product tax classes
 * hold the product's class, whose customer tax classes hold the customer's, and that has a
 * country-wide rate for the country (we do not ask for a region, so region-specific rates are
 * skipped). No such rule, or no tax class on the product, means 0.
 * VSF1 ignored the customer class unless "tax with user group" was on, and then, through a
 * misplaced bracket, took the first rule whatever its product classes; both are fixed here.
 */
export function findTaxRate(rules: readonly TaxRule[], query: TaxRuleQuery): number {
  const productClass = Number(query.productTaxClassId);
  if (!Number.isFinite(productClass) || productClass <= 0) return 0;
  const ordered = [...rules].sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || a.id - b.id);
  for (const rule of ordered) {
    if (!rule.product_tax_class_ids.map(Number).includes(productClass)) continue;
    if (!rule.customer_tax_class_ids.map(Number).includes(query.customerTaxClassId)) continue;
    const rate = rule.rates.find((r) => r.tax_country_id === query.countryId && isCountryWide(r));
    if (rate && Number.isFinite(Number(rate.rate))) return Number(rate.rate);
  }
  return 0;
}

function isCountryWide(rate: TaxRate): boolean {
  return !rate.tax_region_id || rate.region_name === "*" || !rate.region_name;
}

/**
 * Money to whole cents, half away from zero: 69.949979 → 69.95, -0.125 → -0.13. The product is
 * first cut to 12 significant digits so binary noise (1.005 × 100 = 100.49999…) rounds as written.
 */
export function roundCents(amount: number): number {
  return toCents(amount) / 100;
}

/** Whole cents of an amount, with `roundCents`'s rounding. */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(12)));
  return cents === 0 ? 0 : Math.sign(amount) * cents;
}

/** A net amount with its tax and gross, as every price field carries them (browsing §3). */
export interface TaxedAmount {
  /** The net amount as the catalogue gives it, unrounded (4 decimals in our catalogue). */
  value: number;
  /** Tax in cents precision: `incl_tax` minus the net amount rounded to cents. */
  tax: number;
  /** Gross, rounded to cents once from the unrounded net: 57.8099 at 21 % → 69.95. */
  incl_tax: number;
}

/**
 * Tax on a net amount. Rounding happens only here, on the gross, so a catalogue price entered
 * as gross (and stored net to 4 decimals) comes back to the same gross; the tax is the difference
 * in cents, so net (to cents) + tax = gross exactly on every line the shopper sees.
 */
export function applyTax(value: number, ratePercent: number): TaxedAmount {
  const net = Number.isFinite(value) ? value : 0;
  const rate = Number.isFinite(ratePercent) ? ratePercent : 0;
  const inclCents = toCents(net * (1 + rate / 100));
  return { value: net, tax: (inclCents - toCents(net)) / 100, incl_tax: inclCents / 100 };
}
