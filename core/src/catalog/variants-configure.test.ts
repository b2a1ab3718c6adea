import { describe, expect, it } from "vitest";
import { L, product, RED, S, shirt, shirtParent, shirts } from "./test-products.ts";
import type { Product } from "./types.ts";
import { configureProduct, filterUnavailableVariants, NO_AVAILABLE_VARIANTS } from "./variants.ts";

const children = shirts;
const parent = shirtParent;

describe("configureProduct", () => {
  const configured = configureProduct(parent, children[2]!);

  it("puts the child's sku, id, prices and stock over the parent's and keeps the parent's page", () => {
    expect(configured).toMatchObject({
      sku: "SH-RED-S",
      id: 13,
      price_incl_tax: 59.95,
      stock: children[2]!.stock,
      name: "SH",
      type_id: "configurable",
      url_key: "sh",
      parentSku: "SH",
      parentId: 10,
      is_configured: true,
      configurable_children: children,
    });
  });

  it("records the configuration with labels from configurable_options, also for numeric value_index", () => {
    expect(configured.configuration).toEqual({
      color: { attribute_code: "color", id: RED, label: "Rood" },
      size: { attribute_code: "size", id: S, label: "S" },
    });
    expect(configured.product_option?.extension_attributes.configurable_item_options).toEqual([
      { option_id: "93", option_value: RED, label: "Kleur", value: "Rood" },
      { option_id: "142", option_value: S, label: "Maat", value: "S" },
    ]);
  });

  it("falls back to the attribute's options, then to the id, for a label", () => {
    const large = configureProduct(parent, shirt({ id: 16, sku: "X", color: "77", size: L }), [
      {
        attribute_id: 142,
        attribute_code: "size",
        frontend_label: "Maat",
        frontend_input: "select",
        is_user_defined: true,
        is_visible: true,
        is_comparable: false,
        options: [{ label: "L", value: L }],
      },
    ]);
    expect(large.configuration).toMatchObject({ color: { label: "77" }, size: { label: "L" } });
  });

  it("keeps the parent's image when the child has none, takes the child's when it has one", () => {
    const withImage = { ...parent, image: "/p.jpg" };
    expect(configureProduct(withImage, { ...children[0]!, image: "no_selection" }).image).toBe("/p.jpg");
    expect(configureProduct(withImage, { ...children[0]!, image: "/c.jpg" }).image).toBe("/c.jpg");
  });

  it("clears errors.variants and leaves its inputs alone", () => {
    const failed: Product = { ...parent, errors: { variants: NO_AVAILABLE_VARIANTS, other: "x" } };
    const before = structuredClone(failed);
    expect(configureProduct(failed, children[0]!).errors).toEqual({ other: "x" });
    expect(failed).toEqual(before);
  });
});

describe("filterUnavailableVariants (stock sync)", () => {
  it("removes disabled and out-of-stock children", () => {
    expect(filterUnavailableVariants(parent).configurable_children!.map((c) => c.id)).toEqual([11, 12, 13]);
  });

  it("keeps out-of-stock children when those are listed, never disabled ones", () => {
    const kept = filterUnavailableVariants(parent, { listOutOfStock: true }).configurable_children!;
    expect(kept.map((c) => c.id)).toEqual([11, 12, 13, 14]);
  });

  it("applies fresh stock first (VSF1's swapped arguments never removed anything)", () => {
    const fresh = [
      { product_id: 11, qty: 0, is_in_stock: false, manage_stock: true },
      { product_id: 14, qty: 3, is_in_stock: true, manage_stock: true },
    ];
    const synced = filterUnavailableVariants(parent, { stockItems: fresh });
    expect(synced.configurable_children!.map((c) => [c.id, c.stock.qty])).toEqual([
      [12, 5],
      [13, 5],
      [14, 3],
    ]);
    expect(synced.errors).toBeUndefined();
  });

  it("sets errors.variants when nothing is left or the product itself is out of stock", () => {
    const soldOut = children.map((c) => ({
      product_id: c.id,
      qty: 0,
      is_in_stock: false,
      manage_stock: true,
    }));
    expect(filterUnavailableVariants(parent, { stockItems: soldOut }).errors).toEqual({
      variants: NO_AVAILABLE_VARIANTS,
    });
    const root = [{ product_id: 10, qty: 0, is_in_stock: false, manage_stock: true }];
    const simple = filterUnavailableVariants(product({ id: 10, sku: "S" }), { stockItems: root });
    expect(simple).toMatchObject({ stock: root[0], errors: { variants: NO_AVAILABLE_VARIANTS } });
  });

  it("leaves its input alone", () => {
    const before = structuredClone(parent);
    filterUnavailableVariants(parent, {
      stockItems: [{ product_id: 11, qty: 0, is_in_stock: false, manage_stock: true }],
    });
    expect(parent).toEqual(before);
  });
});
