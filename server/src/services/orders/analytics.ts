import type { TrackedOrder, TrackedProduct } from "@etalage/core";
import type { OrderView } from "./read.ts";

/** The shop's name as GA4's `affiliation` (transactional §3 "Order for analytics": store_name). */
const ANALYTICS_STORE_NAME = "Etalage";

const amount = (totals: Record<string, unknown>, key: string): number => {
  const value = totals[key];
  return typeof value === "number" ? value : 0;
};

/**
 * An order as the data layer's `purchase` tells it: the totals the order was placed with (not the
 * cart's, which is gone by then) and its lines at the price paid for one, tax included.
 */
export function orderForAnalytics(order: OrderView): { order: TrackedOrder; lines: TrackedProduct[] } {
  const coupon = order.totals.coupon_code;
  return {
    order: {
      increment_id: order.increment_id,
      store_name: ANALYTICS_STORE_NAME,
      grand_total: order.grand_total,
      tax_amount: amount(order.totals, "tax_amount"),
      shipping_incl_tax: amount(order.totals, "shipping_incl_tax"),
      currency: order.currency,
      ...(typeof coupon === "string" && coupon ? { coupon_code: coupon } : {}),
    },
    lines: order.items.map((item) => ({
      sku: item.sku,
      name: item.name,
      price: item.price_incl_tax,
      quantity: item.qty,
    })),
  };
}
