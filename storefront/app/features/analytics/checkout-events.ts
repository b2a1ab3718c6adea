import {
  addPaymentInfo,
  addShippingInfo,
  beginCheckout,
  purchase,
  purchaseOnce,
  type TrackedOrder,
  type TrackedProduct,
} from "@etalage/core";
import { track } from "./data-layer.ts";

/*
 * The checkout's events (transactional §4: begin_checkout, and 'checkout options' as
 * add_shipping_info / add_payment_info; purchase). The checkout calls these; they live here so
 * every event of the data layer is built in one place.
 */

const REPORTED_KEY = "etalage-purchases-reported";
/** Enough to cover reloads of recent thank-you pages without growing for good. */
const REPORTED_KEEP = 20;
/** The cart's lines as the data layer told them during checkout, for the thank-you page. */
const LINES_KEY = "etalage-checkout-lines";

export function trackBeginCheckout(lines: readonly TrackedProduct[], coupon?: string): void {
  track(beginCheckout(lines, coupon));
}

export function trackShippingChoice(
  lines: readonly TrackedProduct[],
  shippingTier: string,
  coupon?: string,
): void {
  track(addShippingInfo(lines, shippingTier, coupon));
}

export function trackPaymentChoice(
  lines: readonly TrackedProduct[],
  paymentType: string,
  coupon?: string,
): void {
  track(addPaymentInfo(lines, paymentType, coupon));
}

/**
 * Kept for the thank-you page: the order's lines know only the bought sku, the cart's lines also
 * the parent product and the brand, so `purchase` names items as add_to_cart did.
 */
export function keepCheckoutLines(lines: readonly TrackedProduct[]): void {
  try {
    sessionStorage.setItem(LINES_KEY, JSON.stringify(lines));
  } catch {
    // Storage off: purchase names the items by the bought sku alone.
  }
}

function keptLines(): TrackedProduct[] {
  try {
    const kept = JSON.parse(sessionStorage.getItem(LINES_KEY) ?? "[]") as unknown;
    return Array.isArray(kept) ? (kept as TrackedProduct[]) : [];
  } catch {
    return [];
  }
}

/** The order's lines, with the parent product and brand of the same sku in the checkout's cart. */
export function purchaseLines(
  ordered: readonly TrackedProduct[],
  kept: readonly TrackedProduct[] = keptLines(),
): TrackedProduct[] {
  const bySku = new Map(kept.map((line) => [line.sku, line]));
  return ordered.map((line) => {
    const known = bySku.get(line.sku);
    if (!known) return line;
    return {
      ...line,
      ...(known.parentSku ? { parentSku: known.parentSku } : {}),
      ...(known.brand ? { brand: known.brand } : {}),
      ...(known.categories ? { categories: known.categories } : {}),
    };
  });
}

/** `purchase` once per order: a reload of the thank-you state does not count it again. */
export function trackPurchase(order: TrackedOrder, lines: readonly TrackedProduct[]): void {
  let reported: string[] = [];
  try {
    reported = JSON.parse(localStorage.getItem(REPORTED_KEY) ?? "[]") as string[];
  } catch {
    reported = [];
  }
  if (!Array.isArray(reported) || !purchaseOnce(reported, order.increment_id)) return;
  track(purchase(order, purchaseLines(lines)));
  try {
    localStorage.setItem(
      REPORTED_KEY,
      JSON.stringify([...reported, order.increment_id].slice(-REPORTED_KEEP)),
    );
    sessionStorage.removeItem(LINES_KEY);
  } catch {
    // Storage full: GA4 still deduplicates by transaction_id.
  }
}
