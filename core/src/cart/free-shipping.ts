import { toCents } from "../catalog/tax.ts";

export interface FreeShippingProgress {
  /** The subtotal incl. VAT from which standard delivery is free (the server's shipping rule). */
  threshold: number;
  /** What is still to be added for it, in euros; 0 once reached. */
  remaining: number;
}

/**
 * How far a cart is from free shipping, in whole cents so "Nog € 12,05" never reads € 12,049999.
 * A cart that already ships free (a coupon) has reached it whatever its subtotal.
 */
export function freeShippingProgress(
  subtotalInclTax: number,
  threshold: number,
  alreadyFree = false,
): FreeShippingProgress {
  const missing = alreadyFree ? 0 : Math.max(0, toCents(threshold) - toCents(subtotalInclTax));
  return { threshold, remaining: missing / 100 };
}
