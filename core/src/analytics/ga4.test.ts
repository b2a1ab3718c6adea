import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { consentDefaults, consentModeState, mayLoadTagManager, validConsent } from "./consent.ts";
import {
  cartChange,
  ga4Item,
  itemsValue,
  money,
  pageTypeOf,
  purchase,
  purchaseOnce,
  selectItem,
  viewCart,
  viewItem,
  viewItemList,
} from "./ga4.ts";

const shirt = {
  sku: "MS-01-M",
  parentSku: "MS-01",
  name: "Overhemd wit",
  brand: "Casa Moretti",
  categories: ["Kleding", "Overhemden"],
  price: 79.95,
  quantity: 2,
};

describe("GA4 items", () => {
  it("uses the parent sku as item_id and the chosen child as item_variant", () => {
    expect(ga4Item(shirt, { index: 3, list: { id: "cat-5", name: "Overhemden" } })).toEqual({
      item_id: "MS-01",
      item_name: "Overhemd wit",
      item_brand: "Casa Moretti",
      item_category: "Kleding",
      item_category2: "Overhemden",
      item_variant: "MS-01-M",
      item_list_id: "cat-5",
      item_list_name: "Overhemden",
      price: 79.95,
      quantity: 2,
      index: 3,
    });
  });

  it("leaves a simple product without variant", () => {
    expect(ga4Item({ sku: "S1", name: "Riem", price: 10 })).toEqual({
      item_id: "S1",
      item_name: "Riem",
      price: 10,
      quantity: 1,
    });
  });
});

describe("GA4 events", () => {
  it("view_item_list carries the list on the event and on every item, numbered from 0", () => {
    const event = viewItemList({ id: "cat-5", name: "Overhemden" }, [shirt, { ...shirt, sku: "X" }]);
    expect(event.event).toBe("view_item_list");
    expect(event.ecommerce.item_list_id).toBe("cat-5");
    expect(event.ecommerce.items.map((i) => i.index)).toEqual([0, 1]);
    expect(event.ecommerce.items.every((i) => i.item_list_name === "Overhemden")).toBe(true);
  });

  it("select_item names the one product with its position", () => {
    const event = selectItem({ id: "search", name: "Zoekresultaten" }, shirt, 4);
    expect(event.ecommerce.items).toHaveLength(1);
    expect(event.ecommerce.items[0]?.index).toBe(4);
  });

  it("view_item is worth one piece", () => {
    expect(viewItem(shirt).ecommerce).toMatchObject({ currency: "EUR", value: 79.95 });
    expect(viewItem(shirt).ecommerce.items[0]?.quantity).toBe(1);
  });

  it("a quantity change is an add or a remove of the difference", () => {
    expect(cartChange(shirt, 1, 3)?.event).toBe("add_to_cart");
    expect(cartChange(shirt, 1, 3)?.ecommerce).toMatchObject({ value: 159.9 });
    expect(cartChange(shirt, 3, 0)?.event).toBe("remove_from_cart");
    expect(cartChange(shirt, 3, 0)?.ecommerce.items[0]?.quantity).toBe(3);
    expect(cartChange(shirt, 2, 2)).toBeNull();
  });

  it("purchase carries transaction, tax and shipping, value without shipping", () => {
    const event = purchase(
      {
        increment_id: "100000012",
        store_name: "Etalage",
        grand_total: 164.85,
        tax_amount: 28.61,
        shipping_incl_tax: 4.95,
        coupon_code: "WELKOM10",
      },
      [shirt],
    );
    expect(event.ecommerce).toMatchObject({
      transaction_id: "100000012",
      currency: "EUR",
      value: 159.9,
      tax: 28.61,
      shipping: 4.95,
      coupon: "WELKOM10",
    });
    expect(purchaseOnce(["100000012"], "100000012")).toBe(false);
    expect(purchaseOnce([], "100000012")).toBe(true);
  });

  it("tags page types", () => {
    expect(pageTypeOf("home")).toBe("Home");
    expect(pageTypeOf("product")).toBe("ProductDetail");
    expect(pageTypeOf("category")).toBe("ProductOverview");
    expect(pageTypeOf("checkout")).toBe("Checkout");
    expect(pageTypeOf("toString")).toBe("Other");
  });
});

describe("GA4 amounts (properties)", () => {
  const cents = fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100);
  const line = fc.record({
    sku: fc.string({ minLength: 1, maxLength: 8 }),
    name: fc.string({ minLength: 1, maxLength: 8 }),
    price: cents,
    quantity: fc.integer({ min: 1, max: 99 }),
  });

  it("value is the cent-exact sum of price × quantity and is always a number", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const event = viewCart(lines);
        const expected = lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0) / 100;
        expect(typeof event.ecommerce.value).toBe("number");
        expect(event.ecommerce.value).toBeCloseTo(expected, 2);
        expect(Math.round((event.ecommerce.value ?? 0) * 100)).toBe(Math.round(expected * 100));
      }),
    );
  });

  it("adding then removing the same quantities nets to zero", () => {
    fc.assert(
      fc.property(line, fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }), (l, a, b) => {
        const up = cartChange(l, a, b);
        const down = cartChange(l, b, a);
        if (a === b) {
          expect(up).toBeNull();
          return;
        }
        const sign = (e: typeof up) =>
          (e?.event === "add_to_cart" ? 1 : -1) * itemsValue(e?.ecommerce.items ?? []);
        expect(money(sign(up) + sign(down))).toBe(0);
      }),
    );
  });
});

describe("consent", () => {
  it("defaults deny everything but functional and security storage", () => {
    expect(consentDefaults()).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
      functionality_storage: "granted",
      personalization_storage: "denied",
      security_storage: "granted",
      wait_for_update: 500,
    });
  });

  it("grants per purpose", () => {
    const state = consentModeState({ analytics: true, marketing: false });
    expect(state.analytics_storage).toBe("granted");
    expect(state.ad_storage).toBe("denied");
  });

  it("loads the tag manager only with an id and consent", () => {
    expect(mayLoadTagManager(null, { analytics: true, marketing: true })).toBe(false);
    expect(mayLoadTagManager("GTM-ABC123", null)).toBe(false);
    expect(mayLoadTagManager("GTM-ABC123", { analytics: false, marketing: false })).toBe(false);
    expect(mayLoadTagManager("GTM-ABC123", { analytics: true, marketing: false })).toBe(true);
  });

  it("keeps a stored choice for a year of its own version only", () => {
    const now = Date.UTC(2026, 10, 25);
    const choice = { analytics: true, marketing: false, version: 1, at: now - 1000 };
    expect(validConsent(choice, now)).toEqual(choice);
    expect(validConsent({ ...choice, version: 0 }, now)).toBeNull();
    expect(validConsent({ ...choice, at: now - 366 * 86_400_000 }, now)).toBeNull();
    expect(validConsent({ ...choice, analytics: "yes" }, now)).toBeNull();
    expect(validConsent("granted", now)).toBeNull();
  });
});
