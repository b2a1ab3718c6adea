import { describe, expect, it } from "vitest";
import { bundlePrices, groupedPrices, resolveProduct } from "./associated-prices.ts";
import { priceFields } from "./price-fields.ts";
import { product } from "./test-products.ts";
import type { Product, ProductLink } from "./types.ts";

/** Prices untaxed at the product's own price, so the sums are easy to read. */
const priceOf = (p: Product) => priceFields({ value: p.price, tax: 0, incl_tax: p.price }, null);
const linked = new Map(
  [product({ sku: "A", price: 10 }), product({ sku: "B", price: 20 }), product({ sku: "C", price: 5 })].map(
    (p) => [p.sku, p],
  ),
);
const link = (target: string, extra: Partial<ProductLink> = {}): ProductLink => ({
  link_type: "associated",
  linked_product_sku: target,
  sku: "SET",
  ...extra,
});

describe("groupedPrices", () => {
  it.each<[string, ProductLink[], number]>([
    ["two simple products, each once whatever their qty", [link("A", { qty: 4 }), link("B")], 30],
    [
      "a link without linked_product_type counts as simple",
      [link("C", { linked_product_type: undefined })],
      5,
    ],
    [
      "a configurable link does not count",
      [link("A"), link("B", { linked_product_type: "configurable" })],
      10,
    ],
    ["colour relations do not count", [link("A", { link_type: "colorrelation" })], 0],
  ])("%s", (_name, links, total) => {
    expect(groupedPrices(product({ sku: "SET", product_links: links }), linked, priceOf).fields.price).toBe(
      total,
    );
  });

  it("reports an error when there is nothing to sum", () => {
    const { issues } = groupedPrices(
      product({ sku: "SET", product_links: [link("A", { link_type: "upsell" })] }),
      linked,
      priceOf,
    );
    expect(issues).toEqual([
      { severity: "error", sku: "SET", message: "Grouped product without product_links" },
    ]);
  });
});

describe("bundlePrices", () => {
  const option = (option_id: number, product_links: ProductLink[]) => ({
    option_id,
    title: "x",
    product_links,
  });

  it.each<[string, ReturnType<typeof option>[], number]>([
    ["the default link of each option", [option(1, [link("A"), link("B", { is_default: true })])], 20],
    ["the first link when none is default", [option(1, [link("C"), link("A")])], 5],
    ["times the link's qty", [option(1, [link("A", { qty: 3 })]), option(2, [link("C", { qty: 2 })])], 40],
    ["a Magento-style link names the product in sku", [option(1, [{ ...link(""), sku: "B" }])], 20],
    ["no options: 0", [], 0],
  ])("%s", (_name, options, total) => {
    expect(bundlePrices(product({ sku: "SET", bundle_options: options }), linked, priceOf).fields.price).toBe(
      total,
    );
  });
});

describe("resolveProduct", () => {
  it("reads a map or asks a function", () => {
    expect(resolveProduct(linked, "A")?.price).toBe(10);
    expect(resolveProduct((sku) => linked.get(sku), "B")?.price).toBe(20);
    expect(resolveProduct(linked, "Z")).toBeUndefined();
  });
});
