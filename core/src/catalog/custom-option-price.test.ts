import { describe, expect, it } from "vitest";
import { customOptionPrice } from "./custom-option-price.ts";
import type { CustomOptionValue } from "./types.ts";

const base = { price: 57.8099, price_incl_tax: 69.95 };
const value = (fields: Partial<CustomOptionValue>): CustomOptionValue => ({
  option_type_id: 1,
  price: 0,
  price_type: "fixed",
  ...fields,
});

describe("customOptionPrice (browsing §5: option prices count only for type id > 0, fixed or percent, non-zero)", () => {
  it.each<[string, CustomOptionValue[], { price: number; price_incl_tax: number }]>([
    ["nothing chosen", [], { price: 0, price_incl_tax: 0 }],
    ["a fixed net price, taxed", [value({ price: 4.1322 })], { price: 4.1322, price_incl_tax: 5 }],
    [
      "a percentage of net and gross",
      [value({ price: 10, price_type: "percent" })],
      { price: 5.781, price_incl_tax: 7 },
    ],
    [
      "option type id 0 does not count",
      [value({ option_type_id: 0, price: 5 })],
      { price: 0, price_incl_tax: 0 },
    ],
    [
      "a negative option type id does not count",
      [value({ option_type_id: -1, price: 5 })],
      { price: 0, price_incl_tax: 0 },
    ],
    [
      "a zero price does not count",
      [value({ price: 0, price_type: "percent" })],
      { price: 0, price_incl_tax: 0 },
    ],
    [
      "another price type does not count",
      [value({ price: 5, price_type: "other" as CustomOptionValue["price_type"] })],
      { price: 0, price_incl_tax: 0 },
    ],
    [
      "several values add up",
      [value({ price: 4.1322 }), value({ option_type_id: 2, price: 10, price_type: "percent" })],
      { price: 9.9132, price_incl_tax: 12 },
    ],
  ])("%s", (_name, values, delta) => {
    expect(customOptionPrice(values, base, 21)).toEqual(delta);
  });

  it("adds a fixed price as is when no tax rate is given", () => {
    expect(customOptionPrice([value({ price: 5 })], base)).toEqual({ price: 5, price_incl_tax: 5 });
  });
});
