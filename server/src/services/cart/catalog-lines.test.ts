import { CART_MESSAGES, type Product, type TaxRule } from "@etalage/core";
import { describe, expect, it } from "vitest";
import { type CartCatalog, resolveSellable } from "./catalog-lines.ts";

const TAX: TaxRule[] = [
  {
    id: 1,
    code: "hoog",
    product_tax_class_ids: [2],
    customer_tax_class_ids: [3],
    rates: [{ rate: 21, tax_country_id: "NL", tax_region_id: 0, region_name: "*" }],
  },
];

const product = (over: Partial<Product>): Product =>
  ({
    id: 1,
    sku: "P",
    name: "Pet",
    type_id: "simple",
    status: 1,
    visibility: 4,
    price: 20,
    final_price: 20,
    price_incl_tax: 24.2,
    final_price_incl_tax: 24.2,
    tax_class_id: 2,
    ...over,
  }) as Product;

function catalogOf(...products: Product[]): CartCatalog {
  const bySku = new Map(products.map((p) => [p.sku, p]));
  return { productBySku: (sku) => bySku.get(sku), childBySku: () => undefined, taxRules: () => TAX };
}

const withEngraving = product({
  sku: "PET",
  custom_options: [
    {
      option_id: 7,
      title: "Borduursel",
      type: "drop_down",
      is_require: true,
      values: [
        { option_type_id: 71, title: "Initialen", price: 5, price_type: "fixed" },
        { option_type_id: 72, title: "Logo", price: 10, price_type: "percent" },
      ],
    },
    { option_id: 8, title: "Tekst", type: "field", values: [] },
  ],
});
const custom = (...options: { option_id: number | string; option_value: string }[]) => ({
  extension_attributes: { custom_options: options },
});

describe("resolveSellable", () => {
  it("refuses an unknown price with the spec's message (transactional §5)", () => {
    const result = resolveSellable(
      catalogOf(product({ final_price_incl_tax: -1 })),
      "P",
      undefined,
      "body.cartItem",
    );
    expect(result).toEqual({
      ok: false,
      code: 400,
      message: CART_MESSAGES.priceUnknown,
      path: "body.cartItem.sku",
    });
  });

  it("sells a zero-price product", () => {
    const result = resolveSellable(catalogOf(product({ final_price_incl_tax: 0 })), "P", undefined, "x");
    expect(result.ok && result.value.parts).toEqual([{ unitInclTax: 0, rate: 21 }]);
  });

  it("prices chosen custom options on top, taxed like the product", () => {
    const catalog = catalogOf(withEngraving);
    const fixed = resolveSellable(catalog, "PET", custom({ option_id: 7, option_value: "71" }), "x");
    expect(fixed.ok && fixed.value.parts[0]!.unitInclTax).toBe(24.2 + 6.05);
    const percent = resolveSellable(
      catalog,
      "PET",
      custom({ option_id: "7", option_value: "72" }, { option_id: 8, option_value: "JJ" }),
      "x",
    );
    expect(percent.ok && percent.value.parts[0]!.unitInclTax).toBe(26.62);
    expect(percent.ok && percent.value.options).toEqual([
      { label: "Borduursel", value: "Logo" },
      { label: "Tekst", value: "JJ" },
    ]);
  });

  it("refuses a missing required option, an unknown option and an unknown value", () => {
    const catalog = catalogOf(withEngraving);
    const p = "body.cartItem.product_option.extension_attributes.custom_options";
    expect(resolveSellable(catalog, "PET", undefined, "body.cartItem")).toMatchObject({ code: 400, path: p });
    expect(
      resolveSellable(catalog, "PET", custom({ option_id: 9, option_value: "1" }), "body.cartItem"),
    ).toMatchObject({
      code: 400,
      path: `${p}[0].option_id`,
    });
    expect(
      resolveSellable(catalog, "PET", custom({ option_id: 7, option_value: "79" }), "body.cartItem"),
    ).toMatchObject({
      code: 400,
      path: `${p}[0].option_value`,
    });
    expect(
      resolveSellable(catalog, "PET", custom({ option_id: 7, option_value: "71,72" }), "body.cartItem"),
    ).toMatchObject({ code: 400, message: "choose one value" });
  });

  // Issue 14: a gift card's recipient, checked with the product page's own rule (core).
  it("takes a gift card's recipient as text options: name and address required, checked, carried as labels", () => {
    const card = product({
      sku: "CAD50",
      type_id: "virtual",
      custom_options: [
        { option_id: 901, title: "Naam ontvanger", type: "field", is_require: true, max_characters: 60 },
        { option_id: 902, title: "E-mailadres ontvanger", type: "field", format: "email", is_require: true },
        { option_id: 903, title: "Persoonlijke boodschap", type: "area", max_characters: 200 },
      ],
    });
    const catalog = catalogOf(card);
    const p = "body.cartItem.product_option.extension_attributes.custom_options";
    const to = (email: string, message?: string) =>
      custom(
        { option_id: 901, option_value: "Sanne" },
        { option_id: 902, option_value: email },
        ...(message === undefined ? [] : [{ option_id: 903, option_value: message }]),
      );
    const ok = resolveSellable(catalog, "CAD50", to(" Sanne@Example.NL", "Hoi, Sanne"), "body.cartItem");
    expect(ok.ok && ok.value.options).toEqual([
      { label: "Naam ontvanger", value: "Sanne" },
      { label: "E-mailadres ontvanger", value: "sanne@example.nl" },
      { label: "Persoonlijke boodschap", value: "Hoi, Sanne" },
    ]);
    expect(resolveSellable(catalog, "CAD50", undefined, "body.cartItem")).toMatchObject({
      code: 400,
      path: p,
    });
    expect(
      resolveSellable(catalog, "CAD50", custom({ option_id: 901, option_value: "Sanne" }), "body.cartItem"),
    ).toMatchObject({ code: 400, path: p, message: expect.stringContaining("E-mailadres ontvanger") });
    expect(resolveSellable(catalog, "CAD50", to("sanne@"), "body.cartItem")).toMatchObject({
      code: 400,
      path: `${p}[1].option_value`,
      message: "must be an e-mail address",
    });
    expect(
      resolveSellable(catalog, "CAD50", to("s@example.nl", "x".repeat(201)), "body.cartItem"),
    ).toMatchObject({
      code: 400,
      path: `${p}[2].option_value`,
      message: "must be at most 200 characters",
    });
    expect(resolveSellable(catalog, "CAD50", to("s@example.nl", " "), "body.cartItem")).toMatchObject({
      code: 400,
      path: `${p}[2].option_value`,
    });
  });

  it("refuses item options on a simple product and answers 404 for a disabled one", () => {
    const opts = {
      extension_attributes: { configurable_item_options: [{ option_id: "1", option_value: "2" }] },
    };
    expect(resolveSellable(catalogOf(product({})), "P", opts, "b")).toMatchObject({
      code: 400,
      path: "b.product_option",
    });
    expect(resolveSellable(catalogOf(product({ status: 2 })), "P", undefined, "b")).toMatchObject({
      code: 404,
    });
  });
});
