import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  OFFLINE_ORDER_MESSAGES,
  offlineOrderChanged,
  offlineOrderMode,
  offlineOrderOutcome,
  placedOrderNextUrl,
  sendsWithoutAsking,
} from "./offline-order.ts";

describe("offline orders", () => {
  it("waits when no answer came: offline, a 5xx, 429 or 408", () => {
    for (const status of [null, 500, 502, 503, 504, 429, 408]) {
      expect(offlineOrderOutcome(status, { code: status, result: "down" }), String(status)).toEqual({
        kind: "waiting",
      });
    }
  });

  it("is placed only with an order number from the server", () => {
    const order = { orderNumber: "100000123", status: "processing", orderToken: "t" };
    expect(offlineOrderOutcome(200, { code: 200, result: order })).toEqual({ kind: "placed", order });
    const online = { orderNumber: "100000124", payment: { action: { type: "redirect", url: "/pay" } } };
    expect(offlineOrderOutcome(200, { code: 200, result: online })).toEqual({
      kind: "placed",
      order: online,
    });
    for (const body of [null, {}, { result: {} }, { result: { orderNumber: "" } }, "ok"]) {
      expect(offlineOrderOutcome(200, body)).toEqual({
        kind: "refused",
        message: OFFLINE_ORDER_MESSAGES.failed,
      });
    }
  });

  it("a stock refusal names the skus; any other refusal says the server's reason", () => {
    expect(
      offlineOrderOutcome(409, { code: 409, result: "Out of stock", meta: { skus: ["A", 3, "B"] } }),
    ).toEqual({
      kind: "refused",
      message: OFFLINE_ORDER_MESSAGES.outOfStock,
      skus: ["A", "B"],
    });
    expect(
      offlineOrderOutcome(409, { code: 409, result: "Idempotency-Key reused with another body" }),
    ).toEqual({
      kind: "refused",
      message: "Idempotency-Key reused with another body",
    });
    expect(
      offlineOrderOutcome(400, { code: 400, result: "addressInformation.shippingAddress.postcode: Invalid" }),
    ).toEqual({
      kind: "refused",
      message: "addressInformation.shippingAddress.postcode: Invalid",
    });
    expect(offlineOrderOutcome(400, { code: 400, result: { message: "Bad" } })).toEqual({
      kind: "refused",
      message: "Bad",
    });
    expect(offlineOrderOutcome(402, { code: 402, result: "x" })).toEqual({
      kind: "refused",
      message: OFFLINE_ORDER_MESSAGES.paymentFailed,
    });
    expect(offlineOrderOutcome(401, "<html>")).toEqual({
      kind: "refused",
      message: OFFLINE_ORDER_MESSAGES.failed,
    });
  });

  it("never calls an answer without an order number placed", () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 100, max: 599 }), { nil: null }),
        fc.jsonValue(),
        (status, body) => {
          const outcome = offlineOrderOutcome(status, body);
          if (outcome.kind === "placed") return status === 200 && outcome.order.orderNumber.length > 0;
          return true;
        },
      ),
    );
  });

  it("sends without asking when configured so or on the thank-you page", () => {
    expect(offlineOrderMode("auto")).toBe("auto");
    expect(offlineOrderMode(" AUTO ")).toBe("auto");
    expect(offlineOrderMode(undefined)).toBe("confirm");
    expect(offlineOrderMode("yes")).toBe("confirm");
    expect(sendsWithoutAsking("auto", false)).toBe(true);
    expect(sendsWithoutAsking("confirm", true)).toBe(true);
    expect(sendsWithoutAsking("confirm", false)).toBe(false);
  });

  it("continues a placed order at its payment page, else on the thank-you page with its token", () => {
    expect(
      placedOrderNextUrl({
        orderNumber: "100000124",
        orderToken: "a/b",
        payment: { action: { type: "redirect", url: "/api/ext/adyen/redirect-url/100000124" } },
      }),
    ).toBe("/api/ext/adyen/redirect-url/100000124");
    expect(placedOrderNextUrl({ orderNumber: "100000123", orderToken: "a/b+c" })).toBe(
      "/checkout-return?orderId=100000123&token=a%2Fb%2Bc",
    );
  });

  it("a cart whose lines changed in sku, quantity or price is a changed order; line order does not count", () => {
    const line = (sku: string, qty: number, row: number) => ({ sku, qty, row_total_incl_tax: row });
    const placed = [line("A", 1, 59.95), line("B", 2, 20)];
    expect(offlineOrderChanged(placed, [line("B", 2, 20), line("A", 1, 59.95)])).toBe(false);
    expect(offlineOrderChanged(placed, [line("A", 1, 49.95), line("B", 2, 20)])).toBe(true);
    expect(offlineOrderChanged(placed, [line("A", 2, 119.9), line("B", 2, 20)])).toBe(true);
    expect(offlineOrderChanged(placed, [line("A", 1, 59.95)])).toBe(true);
    expect(offlineOrderChanged(placed, [...placed, line("C", 1, 5)])).toBe(true);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            sku: fc.string({ minLength: 1 }),
            qty: fc.integer({ min: 1, max: 999 }),
            row_total_incl_tax: fc.integer({ min: 0, max: 10 ** 6 }).map((c) => c / 100),
          }),
        ),
        (lines) => !offlineOrderChanged(lines, [...lines].reverse()),
      ),
    );
  });
});
