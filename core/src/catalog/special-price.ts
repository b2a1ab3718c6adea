import { parseStoreTime } from "./store-time.ts";

/** The fields a special price window is read from; a product and a configurable child both have them. */
export interface SpecialPriceWindow {
  special_price?: number | null;
  special_from_date?: string | null;
  special_to_date?: string | null;
}

/**
 * A special price counts only inside its window (browsing §4 "Filters and listing"): from
 * special_from_date (inclusive) through special_to_date (inclusive, at the precision it is written:
 * "2024-01-31" lasts all day). Either bound may be missing. Dates are store time, Europe/Amsterdam.
 * A bound that cannot be read keeps the special price off: a discount is never granted on bad data.
 * A missing, zero or negative special price is never active.
 */
export function specialPriceActive(product: SpecialPriceWindow, now: Date): boolean {
  const special = Number(product.special_price ?? Number.NaN);
  if (!Number.isFinite(special) || special <= 0) return false;
  const instant = now.getTime();
  if (Number.isNaN(instant)) return false;
  if (product.special_from_date) {
    const from = parseStoreTime(product.special_from_date);
    if (!from || instant < from.start) return false;
  }
  if (product.special_to_date) {
    const to = parseStoreTime(product.special_to_date);
    if (!to || instant >= to.end) return false;
  }
  return true;
}
