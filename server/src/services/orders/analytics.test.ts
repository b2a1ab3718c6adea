import { describe, expect, it } from "vitest";
import { orderForAnalytics } from "./analytics.ts";
import type { OrderView } from "./read.ts";

const order = {
  increment_id: "100000042",
  grand_total: 107.9,
  currency: "EUR",
  totals: { tax_amount: 18.73, shipping_incl_tax: 7.95, coupon_code: "WELKOM-ABCDEFGH" },
  items: [
    {
      sku: "MS-1-M",
      name: "Overhemd",
      qty: 2,
      price_incl_tax: 49.975,
      row_total_incl_tax: 99.95,
      options: [],
    },
  ],
} as unknown as OrderView;

describe("an order for the data layer", () => {
  it("tells the totals it was placed with, its coupon and its lines at the price of one", () => {
    expect(orderForAnalytics(order)).toEqual({
      order: {
        increment_id: "100000042",
        store_name: "Etalage",
        grand_total: 107.9,
        tax_amount: 18.73,
        shipping_incl_tax: 7.95,
        currency: "EUR",
        coupon_code: "WELKOM-ABCDEFGH",
      },
      lines: [{ sku: "MS-1-M", name: "Overhemd", price: 49.975, quantity: 2 }],
    });
  });

  it("leaves the coupon out when none was used, and missing totals count as zero", () => {
    const plain = orderForAnalytics({ ...order, totals: {} } as OrderView);
    expect(plain.order).not.toHaveProperty("coupon_code");
    expect(plain.order).toMatchObject({ tax_amount: 0, shipping_incl_tax: 0 });
  });
});
