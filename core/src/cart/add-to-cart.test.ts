import { describe, expect, it } from "vitest";
import type { Product } from "../catalog/types.ts";
import {
  addedNotice,
  decideAddToCart,
  groupedChildren,
  isPriceUnknown,
  validateProductForCart,
} from "./add-to-cart.ts";
import { productOptionChecksum } from "./checksum.ts";
import { CART_MESSAGES } from "./messages.ts";

const product = (over: Partial<Product> = {}): Product =>
  ({
    id: 1,
    sku: "SOK1",
    name: "Sokken",
    type_id: "simple",
    price_incl_tax: 9.95,
    ...over,
  }) as Product;

describe("isPriceUnknown (transactional §5)", () => {
  it.each<[unknown, boolean]>([
    [-0.01, true],
    [0, false],
    [9.95, false],
    [undefined, true],
    [Number.NaN, true],
    ["9.95", true],
  ])("price_incl_tax %j → unknown %j", (price, unknown) => {
    expect(isPriceUnknown({ price_incl_tax: price })).toBe(unknown);
  });
});

describe("decideAddToCart", () => {
  it("adds a product in stock with an integer quantity from text and its checksum", () => {
    const decision = decideAddToCart({ ...product(), qty: "2" }, { stock: "ok" });
    expect(decision.notices).toEqual([]);
    expect(decision.item).toMatchObject({ sku: "SOK1", qty: 2, checksum: productOptionChecksum(undefined) });
  });

  it("defaults the quantity to 1", () => {
    expect(decideAddToCart(product(), { stock: "ok" }).item?.qty).toBe(1);
  });

  it("refuses an unknown price with the spec's message", () => {
    expect(decideAddToCart(product({ price_incl_tax: -1 }), { stock: "ok" })).toEqual({
      notices: [{ type: "danger", message: CART_MESSAGES.priceUnknown }],
    });
    expect(CART_MESSAGES.priceUnknown).toBe("Product price is unknown, product cannot be added to the cart!");
  });

  it("adds a zero-price product", () => {
    expect(decideAddToCart(product({ price_incl_tax: 0 }), { stock: "ok" }).item).toBeDefined();
  });

  it("refuses out of stock with the spec's message and adds nothing", () => {
    expect(decideAddToCart(product(), { stock: "out_of_stock" })).toEqual({
      notices: [{ type: "danger", message: "The product is out of stock and cannot be added to the cart!" }],
    });
  });

  it("adds a volatile product with the pre-reservation notice unless out of stock is allowed", () => {
    const volatile = decideAddToCart(product(), { stock: "volatile" });
    expect(volatile.item).toBeDefined();
    expect(volatile.notices).toEqual([
      {
        type: "warning",
        message:
          "The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.",
      },
    ]);
    expect(decideAddToCart(product(), { stock: "volatile", allowOutOfStock: true }).notices).toEqual([]);
  });

  it("blocks on product errors and bad quantities, listing each", () => {
    const decision = decideAddToCart(
      { ...product({ errors: { variants: "Kies een maat" } }), qty: "1.5" },
      { stock: "ok" },
    );
    expect(decision.item).toBeUndefined();
    expect(decision.notices.map((n) => n.message)).toEqual([CART_MESSAGES.invalidQty, "Kies een maat"]);
    expect(validateProductForCart({ ...product(), qty: 0 })).toEqual([CART_MESSAGES.invalidQty]);
    expect(validateProductForCart({ ...product(), qty: -2 })).toEqual([CART_MESSAGES.invalidQty]);
  });
});

describe("addedNotice", () => {
  it("says 'added' unless the synced cart is active", () => {
    expect(addedNotice(false)).toEqual({ type: "success", message: "Product has been added to the cart!" });
    expect(addedNotice(true)).toBeUndefined();
  });
});

describe("groupedChildren", () => {
  const look = product({
    sku: "LOOK1",
    type_id: "grouped",
    product_links: [
      { link_type: "associated", linked_product_sku: "TAS1", sku: "LOOK1", qty: 1 },
      { link_type: "associated", linked_product_sku: "SJA1", sku: "LOOK1", qty: 2 },
      { link_type: "related", linked_product_sku: "RIE1", sku: "LOOK1" },
      { link_type: "associated", linked_product_sku: "GONE", sku: "LOOK1" },
    ],
  });
  const catalog = new Map(["TAS1", "SJA1", "RIE1"].map((sku) => [sku, product({ sku })]));

  it("adds a grouped product as its associated children with the link quantities", () => {
    const children = groupedChildren(look, (sku) => catalog.get(sku));
    expect(children.map((c) => [c.sku, c.qty])).toEqual([
      ["TAS1", 1],
      ["SJA1", 2],
    ]);
  });

  it("takes the shopper's quantities and leaves out children set to 0", () => {
    const children = groupedChildren(look, (sku) => catalog.get(sku), { TAS1: "0", SJA1: "3" });
    expect(children.map((c) => [c.sku, c.qty])).toEqual([["SJA1", "3"]]);
    expect(decideAddToCart(children[0]!, { stock: "ok" }).item?.qty).toBe(3);
  });

  it("gives nothing for other product types", () => {
    expect(groupedChildren(product(), (sku) => catalog.get(sku))).toEqual([]);
  });
});
