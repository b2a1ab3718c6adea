import { toCents } from "./tax.ts";
import type { CustomOptionValue } from "./types.ts";

export interface OptionPriceBase {
  /** The product's net price the percentages apply to. */
  price: number;
  price_incl_tax: number;
}

/**
 * What chosen custom option values add to a product's price (browsing §5): a value counts only
 * when its option_type_id is above 0 and its price type is fixed or percent with a non-zero price.
 * A fixed price is net like every catalogue price, so it is taxed at `taxRatePercent`; VSF1 added
 * it untaxed to the price including tax. A percentage applies to the net and the gross price.
 * Each value's gross is rounded to cents, as each is shown on its own.
 */
export function customOptionPrice(
  values: readonly CustomOptionValue[],
  base: OptionPriceBase,
  taxRatePercent = 0,
): { price: number; price_incl_tax: number } {
  let net = 0;
  let inclCents = 0;
  for (const value of values) {
    const amount = Number(value.price);
    if (!(Number(value.option_type_id) > 0) || !Number.isFinite(amount) || amount === 0) continue;
    if (value.price_type === "fixed") {
      net += amount;
      inclCents += toCents(amount * (1 + taxRatePercent / 100));
    } else if (value.price_type === "percent") {
      net += (base.price * amount) / 100;
      inclCents += toCents((base.price_incl_tax * amount) / 100);
    }
  }
  return { price: Math.round(net * 10_000) / 10_000, price_incl_tax: inclCents / 100 };
}
