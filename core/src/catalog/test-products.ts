/** Small catalogue records for the catalogue rules' tests; not part of the public API. */
import type { ConfigurableChild, Product, TaxRule } from "./types.ts";

export const NL_TAX_RULES: TaxRule[] = [
  {
    id: 1,
    code: "NL BTW hoog",
    product_tax_class_ids: [2],
    customer_tax_class_ids: [3],
    rates: [{ rate: 21, tax_country_id: "NL", tax_region_id: 0, region_name: "*" }],
  },
  {
    id: 2,
    code: "NL BTW laag",
    product_tax_class_ids: [5],
    customer_tax_class_ids: [3],
    rates: [{ rate: 9, tax_country_id: "NL", tax_region_id: 0, region_name: "*" }],
  },
];

export function product(fields: Partial<Product> & { sku: string }): Product {
  return {
    id: 1,
    name: fields.sku,
    type_id: "simple",
    status: 1,
    visibility: 4,
    url_key: fields.sku.toLowerCase(),
    url_path: fields.sku.toLowerCase(),
    slug: fields.sku.toLowerCase(),
    price: 0,
    tax_class_id: 2,
    stock: { product_id: fields.id ?? 1, qty: 10, is_in_stock: true, manage_stock: true },
    category: [],
    category_ids: [],
    ...fields,
  };
}

export function child(fields: Partial<ConfigurableChild> & { id: number; sku: string }): ConfigurableChild {
  return {
    status: 1,
    price: 0,
    stock: { product_id: fields.id, qty: 5, is_in_stock: true, manage_stock: true },
    ...fields,
  };
}

/** A shirt in blue and red, S to L: RED-M is sold out, RED-L disabled, BLUE-M on sale. */
export const BLUE = "49";
export const RED = "50";
export const S = "167";
export const M = "168";
export const L = "169";

export const shirt = (
  fields: Partial<ConfigurableChild> & { id: number; sku: string; color: string; size: string },
) =>
  child({
    price: 57.8099,
    price_incl_tax: 69.95,
    custom_attributes: [
      { attribute_code: "color", value: fields.color },
      { attribute_code: "size", value: fields.size },
    ],
    ...fields,
  });

export const shirts = [
  shirt({ id: 11, sku: "SH-BLUE-S", color: BLUE, size: S }),
  shirt({ id: 12, sku: "SH-BLUE-M", color: BLUE, size: M, final_price_incl_tax: 49.95 }),
  shirt({ id: 13, sku: "SH-RED-S", color: RED, size: S, price_incl_tax: 59.95 }),
  shirt({
    id: 14,
    sku: "SH-RED-M",
    color: RED,
    size: M,
    stock: { product_id: 14, qty: 0, is_in_stock: false, manage_stock: true },
  }),
  shirt({ id: 15, sku: "SH-RED-L", color: RED, size: L, status: 2 }),
];
export const shirtParent = product({
  id: 10,
  sku: "SH",
  type_id: "configurable",
  configurable_children: shirts,
  configurable_options: [
    {
      attribute_id: 93,
      attribute_code: "color",
      label: "Kleur",
      values: [
        { value_index: BLUE, label: "Blauw" },
        { value_index: 50, label: "Rood" },
      ],
    },
    {
      attribute_id: 142,
      attribute_code: "size",
      label: "Maat",
      values: [
        { value_index: S, label: "S" },
        { value_index: M, label: "M" },
      ],
    },
  ],
});
