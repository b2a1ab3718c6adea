import {
  addPaymentInfo,
  addShippingInfo,
  beginCheckout,
  type CartItem,
  purchase,
  purchaseOnce,
  type TrackedOrder,
} from "@etalage/core";
import { track } from "./data-layer.ts";
import { trackedLine } from "./tracked.ts";

/*
 * The checkout's events (transactional §4: begin_checkout, and 'checkout options' as
 * add_shipping_info / add_payment_info; purchase). The checkout calls these; they live here so
 * every event of the data layer is built in one place.
 */

const REPORTED_KEY = "etalage-purchases-reported";
/** Enough to cover reloads of recent thank-you pages without growing for good. */
const REPORTED_KEEP = 20;

export function trackBeginCheckout(items: readonly CartItem[], coupon?: string): void {
  track(beginCheckout(items.map(trackedLine), coupon));
}

export function trackShippingChoice(items: readonly CartItem[], shippingTier: string, coupon?: string): void {
  track(addShippingInfo(items.map(trackedLine), shippingTier, coupon));
}

export function trackPaymentChoice(items: readonly CartItem[], paymentType: string, coupon?: string): void {
  track(addPaymentInfo(items.map(trackedLine), paymentType, coupon));
}

/** `purchase` once per order: a reload of the thank-you state does not count it again. */
export function trackPurchase(order: TrackedOrder, items: readonly CartItem[]): void {
  let reported: string[] = [];
  try {
    reported = JSON.parse(localStorage.getItem(REPORTED_KEY) ?? "[]") as string[];
  } catch {
    reported = [];
  }
  if (!Array.isArray(reported) || !purchaseOnce(reported, order.increment_id)) return;
  track(purchase(order, items.map(trackedLine)));
  try {
    localStorage.setItem(
      REPORTED_KEY,
      JSON.stringify([...reported, order.increment_id].slice(-REPORTED_KEEP)),
    );
  } catch {
    // Storage full: GA4 still deduplicates by transaction_id.
  }
}
