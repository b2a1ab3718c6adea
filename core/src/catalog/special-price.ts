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

/**
 * The first instant (epoch milliseconds) after `now` at which {@link specialPriceActive} may
 * answer differently: the window's start or the first instant after its end, whichever comes
 * first. Undefined when no bound lies ahead, or a bound cannot be read (which keeps the price off
 * for good). Only the dates are read, not the price: a priced catalogue record carries
 * `special_price` 0 while its window is closed, and its dates still say when it opens. Whatever
 * shows a price that depends on the window, such as a cached page, holds until then at most.
 */
export function nextSpecialPriceBoundary(window: SpecialPriceWindow, now: Date): number | undefined {
  const instant = now.getTime();
  if (Number.isNaN(instant)) return undefined;
  const from = window.special_from_date ? parseStoreTime(window.special_from_date) : undefined;
  const to = window.special_to_date ? parseStoreTime(window.special_to_date) : undefined;
  if (from === null || to === null) return undefined;
  let next: number | undefined;
  for (const boundary of [from?.start, to?.end]) {
    if (boundary !== undefined && boundary > instant && (next === undefined || boundary < next))
      next = boundary;
  }
  return next;
}
