import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartReport, keepContactId } from "./customer-data.ts";

const items = [
  { sku: "A", qty: 1 },
  { sku: "B", qty: 2 },
];

describe("cart reports to the customer-data platform", () => {
  it("reports a cart whose hash changed, once", () => {
    const first = cartReport(null, items, "/heren/overhemden");
    expect(first).toMatchObject({ kind: "cart", items });
    const hash = first?.kind === "cart" ? first.hash : "";
    expect(cartReport(hash, [...items].reverse(), "/")).toBeNull();
    expect(cartReport(hash, [{ sku: "A", qty: 2 }, items[1]!], "/")).toMatchObject({ kind: "cart" });
  });

  it("never reports on /checkout-return/", () => {
    expect(cartReport(null, items, "/checkout-return/100000012")).toBeNull();
    expect(cartReport("h", [], "/checkout-return")).toBeNull();
  });

  it("sends cart-emptied once, when a reported cart became empty", () => {
    expect(cartReport("h", [], "/")).toEqual({ kind: "empty" });
    expect(cartReport(null, [], "/")).toBeNull();
  });

  it("the contact id is set once and never overwritten (property)", () => {
    const id = fc.option(fc.uuid(), { nil: null });
    fc.assert(
      fc.property(id, fc.array(id), (start, offers) => {
        const end = offers.reduce(keepContactId, start);
        if (start !== null) expect(end).toBe(start);
        else expect(end).toBe(offers.find((o) => o !== null) ?? null);
      }),
    );
  });
});
