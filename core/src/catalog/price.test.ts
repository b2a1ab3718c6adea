import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computePrices, INVALID_PRICE, LINKED_PRODUCTS_MISSING } from "./price.ts";
import { child, NL_TAX_RULES, product } from "./test-products.ts";
import type { Product } from "./types.ts";

const NOW = new Date("2026-05-01T10:00:00Z");
const ctx = { taxRules: NL_TAX_RULES, now: NOW };
const OPEN = { special_from_date: "2024-01-01 00:00:00", special_to_date: "2099-12-31 23:59:59" };
const ENDED = { special_from_date: "2020-01-01 00:00:00", special_to_date: "2020-02-29 23:59:59" };

describe("computePrices: a simple product (browsing §3 computed price fields)", () => {
  it("gives every price field value, _tax and _incl_tax, rounding only the gross and the tax", () => {
    const { product: priced, issues } = computePrices(product({ sku: "S1", price: 57.8099 }), ctx);
    expect(issues).toEqual([]);
    expect(priced).toMatchObject({
      price: 57.8099,
      price_tax: 12.14,
      price_incl_tax: 69.95,
      regular_price: 57.8099,
      regular_price_incl_tax: 69.95,
      original_price: 57.8099,
      original_price_tax: 12.14,
      original_price_incl_tax: 69.95,
      special_price: 0,
      special_price_tax: 0,
      special_price_incl_tax: 0,
      final_price: 57.8099,
      final_price_tax: 12.14,
      final_price_incl_tax: 69.95,
    });
  });

  it.each([
    ["an active special price lower than the price", { special_price: 41.281, ...OPEN }, 41.281, 49.95],
    ["a special price without dates", { special_price: 41.281 }, 41.281, 49.95],
    ["a special price whose window ended", { special_price: 41.281, ...ENDED }, 0, 0],
    [
      "a special price that starts later",
      { special_price: 41.281, special_from_date: "2098-01-01 00:00:00" },
      0,
      0,
    ],
    ["a special price equal to the price", { special_price: 57.8099, ...OPEN }, 0, 0],
    ["a special price above the price", { special_price: 60, ...OPEN }, 0, 0],
  ])("%s", (_name, special, specialNet, specialGross) => {
    const { product: priced } = computePrices(product({ sku: "S1", price: 57.8099, ...special }), ctx);
    expect(priced.special_price).toBe(specialNet);
    expect(priced.special_price_incl_tax).toBe(specialGross);
    expect(priced.final_price_incl_tax).toBe(specialGross || 69.95);
    expect(priced.price_incl_tax).toBe(69.95);
    expect(priced.original_price_incl_tax).toBe(69.95);
  });

  it("taxes books at 9 % and leaves products without a rule untaxed", () => {
    const book = computePrices(product({ sku: "B", price: 13.7156, tax_class_id: 5 }), ctx).product;
    expect([book.price_incl_tax, book.price_tax]).toEqual([14.95, 1.23]);
    const untaxed = computePrices(product({ sku: "U", price: 12.3456, tax_class_id: 0 }), ctx).product;
    expect([untaxed.price_incl_tax, untaxed.price_tax]).toEqual([12.35, 0]);
    const abroad = computePrices(product({ sku: "A", price: 10 }), { ...ctx, countryId: "BE" }).product;
    expect([abroad.price_incl_tax, abroad.price_tax]).toEqual([10, 0]);
    const otherGroup = computePrices(product({ sku: "G", price: 10 }), {
      ...ctx,
      customerTaxClassId: 4,
    }).product;
    expect(otherGroup.price_incl_tax).toBe(10);
  });

  it("reports a price that is not a number of zero or more and prices it at 0", () => {
    const bad = product({ sku: "X", price: Number.NaN });
    const { product: priced, issues } = computePrices(bad, ctx);
    expect(priced.price_incl_tax).toBe(0);
    expect(issues).toEqual([{ severity: "warning", sku: "X", message: INVALID_PRICE, detail: "NaN" }]);
  });
});

describe("computePrices: configurable children", () => {
  const parent = product({
    sku: "P",
    type_id: "configurable",
    price: 57.8099,
    configurable_children: [
      child({ id: 11, sku: "P-S", price: 57.8099 }),
      child({ id: 12, sku: "P-M", price: 57.8099, special_price: 41.281, ...OPEN }),
      child({ id: 13, sku: "P-L", price: 57.8099, special_price: 41.281, ...ENDED }),
      child({ id: 14, sku: "P-BOOK", price: 13.7156, tax_class_id: 5 }),
    ],
  });

  it("prices each child from its own price, special window and tax class (the parent's when absent)", () => {
    const children = computePrices(parent, ctx).product.configurable_children!;
    expect(
      children.map((c) => [c.sku, c.price_incl_tax, c.special_price_incl_tax, c.final_price_incl_tax]),
    ).toEqual([
      ["P-S", 69.95, 0, 69.95],
      ["P-M", 69.95, 49.95, 49.95],
      ["P-L", 69.95, 0, 69.95],
      ["P-BOOK", 14.95, 0, 14.95],
    ]);
  });

  it("does not give a child the parent's final price (VSF1 did)", () => {
    const onSale = { ...parent, special_price: 30, ...OPEN };
    const children = computePrices(onSale, ctx).product.configurable_children!;
    expect(children[0]!.final_price).toBe(57.8099);
  });

  it("never changes its input", () => {
    const before = structuredClone(parent);
    computePrices(parent, ctx);
    expect(parent).toEqual(before);
  });
});

describe("computePrices: grouped and bundle (browsing §4 Grouped and bundle)", () => {
  const belt = product({ id: 21, sku: "BELT", price: 41.281 });
  const socks = product({ id: 22, sku: "SOCKS", price: 8.2231, special_price: 6.5702, ...OPEN });
  const scarf = product({ id: 23, sku: "SCARF", price: 33.0496 });
  const disabled = product({ id: 24, sku: "OFF", price: 10, status: 2 });
  const linked = new Map([belt, socks, scarf, disabled].map((p) => [p.sku, p]));
  const link = (sku: string, extra = {}) => ({
    link_type: "associated" as const,
    linked_product_type: "simple" as const,
    linked_product_sku: sku,
    sku: "LOOK",
    ...extra,
  });

  it("sums a grouped product's associated simple products, each once", () => {
    const look = product({
      sku: "LOOK",
      type_id: "grouped",
      price: 999,
      product_links: [
        link("BELT", { qty: 3 }),
        link("SOCKS"),
        { ...link("SCARF"), link_type: "colorrelation" as const },
      ],
    });
    const { product: priced, issues } = computePrices(look, { ...ctx, linkedProducts: linked });
    expect(issues).toEqual([]);
    expect(priced).toMatchObject({
      price: 49.5041,
      price_incl_tax: 59.9,
      price_tax: 10.4,
      final_price_incl_tax: 57.9,
      special_price_incl_tax: 57.9,
    });
  });

  it("takes linked products from a lookup function too", () => {
    const look = product({ sku: "LOOK", type_id: "grouped", product_links: [link("BELT")] });
    const priced = computePrices(look, { ...ctx, linkedProducts: (sku) => linked.get(sku) }).product;
    expect(priced.price_incl_tax).toBe(49.95);
  });

  it("reports a grouped product without product_links as an error, and its price stays 0", () => {
    const look = product({ sku: "LOOK", type_id: "grouped", price: 50 });
    const { product: priced, issues } = computePrices(look, { ...ctx, linkedProducts: linked });
    expect(priced.price).toBe(0);
    expect(priced.price_incl_tax).toBe(0);
    expect(issues).toEqual([
      { severity: "error", sku: "LOOK", message: "Grouped product without product_links" },
    ]);
  });

  it("reports missing and disabled linked products and leaves them out", () => {
    const look = product({
      sku: "LOOK",
      type_id: "grouped",
      product_links: [link("BELT"), link("GONE"), link("OFF")],
    });
    const { product: priced, issues } = computePrices(look, { ...ctx, linkedProducts: linked });
    expect(priced.price_incl_tax).toBe(49.95);
    expect(issues.map((i) => [i.message, i.detail])).toEqual([
      ["Product not found", "GONE"],
      ["Product not found", "OFF"],
    ]);
  });

  const option = (id: number, links: ReturnType<typeof link>[]) => ({
    option_id: id,
    title: `Option ${id}`,
    product_links: links,
  });

  it("sums a bundle's default (else first) choice of each option times its qty (missing qty = 1)", () => {
    const set = product({
      sku: "SET",
      type_id: "bundle",
      bundle_options: [
        option(1, [link("SCARF", { qty: 1 }), link("BELT", { qty: 1, is_default: true })]),
        option(2, [link("SOCKS", { qty: 2 }), link("SCARF", { qty: 2 })]),
        option(3, [link("SCARF")]),
      ],
    });
    const { product: priced, issues } = computePrices(set, { ...ctx, linkedProducts: linked });
    expect(issues).toEqual([]);
    expect(priced.price_incl_tax).toBe(49.95 + 2 * 9.95 + 39.99);
    expect(priced.final_price_incl_tax).toBe(49.95 + 2 * 7.95 + 39.99);
  });

  it("counts an option with qty 0 as nothing and refuses a negative qty", () => {
    const set = product({
      sku: "SET",
      type_id: "bundle",
      bundle_options: [option(1, [link("BELT", { qty: 0 })]), option(2, [link("SCARF", { qty: -1 })])],
    });
    const { product: priced, issues } = computePrices(set, { ...ctx, linkedProducts: linked });
    expect(priced.price_incl_tax).toBe(0);
    expect(issues).toEqual([
      { severity: "error", sku: "SET", message: "Bundle option quantity must be zero or more", detail: "-1" },
    ]);
  });

  it("does not count a missing linked product at 1.00 (VSF1's default price) and says which link is empty", () => {
    const set = product({
      sku: "SET",
      type_id: "bundle",
      bundle_options: [option(1, [link("GONE")]), option(2, [])],
    });
    const { product: priced, issues } = computePrices(set, { ...ctx, linkedProducts: linked });
    expect(priced.price).toBe(0);
    expect(issues.map((i) => [i.message, i.detail])).toEqual([
      ["Product not found", "GONE"],
      ["Product link not found", "2"],
    ]);
  });

  it("uses the stored price, with a warning, when the linked products are not given", () => {
    const look = product({ sku: "LOOK", type_id: "grouped", price: 41.281, product_links: [link("BELT")] });
    const { product: priced, issues } = computePrices(look, ctx);
    expect(priced.price_incl_tax).toBe(49.95);
    expect(issues).toEqual([{ severity: "warning", sku: "LOOK", message: LINKED_PRODUCTS_MISSING }]);
  });
});

describe("computePrices: properties", () => {
  const dateText = fc
    .integer({
      min: Date.parse("2020-01-01T00:00:00Z") / 86_400_000,
      max: Date.parse("2030-01-01T00:00:00Z") / 86_400_000,
    })
    .map((day) => `${new Date(day * 86_400_000).toISOString().slice(0, 10)} 00:00:00`);
  const money = fc.integer({ min: 0, max: 100_000_000 }).map((n) => n / 10_000);
  const record = fc.record({
    price: money,
    special_price: fc.option(money, { nil: undefined }),
    special_from_date: fc.option(dateText, { nil: undefined }),
    special_to_date: fc.option(dateText, { nil: undefined }),
    tax_class_id: fc.constantFrom(0, 2, 5, 7),
  });
  const products = fc.tuple(record, fc.array(record, { maxLength: 4 })).map(
    ([own, kids]): Product =>
      product({
        sku: "P",
        ...own,
        type_id: kids.length ? "configurable" : "simple",
        configurable_children: kids.length
          ? kids.map((k, i) => child({ id: i + 1, sku: `C${i}`, ...k }))
          : undefined,
      }),
  );
  const nows = fc
    .integer({ min: Date.parse("2019-01-01T00:00:00Z"), max: Date.parse("2031-01-01T00:00:00Z") })
    .map((t) => new Date(t));

  const everyPriced = (p: Product) => [p, ...(p.configurable_children ?? [])];

  it("never changes its input and gives the same result when run again at the same moment", () => {
    fc.assert(
      fc.property(products, nows, (p, now) => {
        const before = structuredClone(p);
        const once = computePrices(p, { ...ctx, now }).product;
        expect(p).toEqual(before);
        expect(computePrices(once, { ...ctx, now }).product).toEqual(once);
      }),
    );
  });

  it("charges the regular price or a lower active special price, never more", () => {
    fc.assert(
      fc.property(products, nows, (p, now) => {
        for (const priced of everyPriced(computePrices(p, { ...ctx, now }).product)) {
          expect(priced.final_price_incl_tax!).toBeLessThanOrEqual(priced.price_incl_tax!);
          expect(priced.special_price! > 0).toBe(priced.final_price! < priced.price);
          expect(priced.regular_price_incl_tax).toBe(priced.price_incl_tax);
        }
      }),
    );
  });
});
