import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { t } from "../i18n/translate.ts";
import { afterFailedUpdate, setLineQty } from "./local-changes.ts";
import { CART_MESSAGES, couponRefusal, refusalText } from "./messages.ts";

/** The server's error envelope for a quantity the stock cannot meet (server/src/api/cart/reply.ts). */
const refused = (available: number) => ({
  code: 400,
  result: "body.cartItem.qty: The requested qty is not available",
  meta: {
    errors: [{ path: "body.cartItem.qty", message: "The requested qty is not available" }],
    sku: "OVH1003-NAVY-L",
    available,
  },
});

describe("refusalText (issue 14: quantity errors in Dutch, with what is possible)", () => {
  it("says how many are left, in Dutch, never the field path", () => {
    const { message, params } = refusalText(refused(13));
    expect(t(message, params)).toBe("Nog 13 op voorraad");
  });

  it("property: any positive stock reads 'Nog n op voorraad'; none reads sold out", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (n) => {
        const { message, params } = refusalText(refused(n));
        expect(t(message, params)).toBe(`Nog ${n} op voorraad`);
      }),
    );
    expect(refusalText(refused(0)).message).toBe(CART_MESSAGES.outOfStock);
  });

  it("other refusals keep their message without the path; junk gives no message", () => {
    expect(refusalText({ result: "body.cartItem.sku: Product not found: X" }).message).toBe(
      "Product not found: X",
    );
    expect(refusalText(null).message).toBe("");
    expect(refusalText({ available: -1, result: 3 }).message).toBe("");
  });
});

describe("afterFailedUpdate with a refusal", () => {
  const line = { sku: "A", qty: 5, name: "Overhemd" };
  it("puts the old quantity back with the message on the line, and a new quantity clears it", () => {
    const asked = setLineQty({ items: [line], deleted: [] }, line, 999);
    const [back] = afterFailedUpdate(asked.items, line, "Nog 13 op voorraad");
    expect(back).toMatchObject({ sku: "A", qty: 5, errors: { qty: "Nog 13 op voorraad" } });
    const again = setLineQty({ items: [back!], deleted: [] }, line, 13);
    expect(again.items[0]?.errors).toBeUndefined();
    expect(again.items[0]?.qty).toBe(13);
  });
});

describe("couponRefusal (issue 23, item 17: a refused code says why)", () => {
  it.each([
    ["expired", "Deze kortingscode is verlopen"],
    ["used-up", "Deze kortingscode is al gebruikt"],
    ["not-yet-valid", "Deze kortingscode is nog niet geldig"],
    ["unknown", "Deze kortingscode is niet geldig"],
    ["minimum-not-met", "Deze kortingscode is niet geldig"],
    [undefined, "Deze kortingscode is niet geldig"],
  ])("%s reads '%s'", (reason, dutch) => {
    expect(t(couponRefusal(reason))).toBe(dutch);
  });
});
