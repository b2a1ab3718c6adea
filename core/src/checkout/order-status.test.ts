import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  initialOrderStatus,
  mayMoveOrder,
  ORDER_STATUSES,
  orderStatusLabelKey,
  releasesStock,
  toMinorUnits,
} from "./order-status.ts";

describe("order states", () => {
  it("show the export states as processing", () => {
    expect(orderStatusLabelKey("export_failed")).toBe("processing");
    expect(orderStatusLabelKey("export_success")).toBe("processing");
    expect(orderStatusLabelKey("pending")).toBe("pending");
  });

  it("start pending for iDEAL and card, processing for cash on delivery", () => {
    expect(initialOrderStatus("ideal")).toBe("pending");
    expect(initialOrderStatus("card")).toBe("pending");
    expect(initialOrderStatus("cashondelivery")).toBe("processing");
  });

  it("never leave canceled or closed, and never go back to pending", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (to) => {
        expect(mayMoveOrder("canceled", to)).toBe(false);
        expect(mayMoveOrder("closed", to)).toBe(false);
        for (const from of ORDER_STATUSES) if (to === "pending") expect(mayMoveOrder(from, to)).toBe(false);
      }),
    );
  });

  it("close a paid order refunded in full, shipped or not, and never a pending one", () => {
    expect(mayMoveOrder("processing", "closed")).toBe(true);
    expect(mayMoveOrder("export_failed", "closed")).toBe(true);
    expect(mayMoveOrder("complete", "closed")).toBe(true);
    expect(mayMoveOrder("pending", "closed")).toBe(false);
  });

  it("give stock back only when an order is canceled", () => {
    expect(releasesStock("pending", "canceled")).toBe(true);
    expect(releasesStock("processing", "complete")).toBe(false);
    expect(releasesStock("canceled", "canceled")).toBe(false);
  });

  it("turn euros into whole cents without float drift", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(toMinorUnits(cents / 100)).toBe(cents);
      }),
    );
  });
});
