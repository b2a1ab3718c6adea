import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ProductOption } from "../catalog/types.ts";
import { canonicalProductOption, cartLineKey, isSameLine, productOptionChecksum } from "./checksum.ts";

const shirt: ProductOption = {
  extension_attributes: {
    configurable_item_options: [
      { option_id: "93", option_value: "51", label: "Kleur", value: "Navy" },
      { option_id: "144", option_value: "102", label: "Maat", value: "M" },
    ],
  },
};

describe("productOptionChecksum", () => {
  it("is the same for no options, an empty option and empty lists", () => {
    const none = productOptionChecksum(undefined);
    expect(productOptionChecksum(null)).toBe(none);
    expect(productOptionChecksum({ extension_attributes: {} })).toBe(none);
    expect(
      productOptionChecksum({
        extension_attributes: { configurable_item_options: [], bundle_options: [], custom_options: [] },
      }),
    ).toBe(none);
    expect(none).toMatch(/^[0-9a-f]{40}$/);
  });

  it("ignores labels, option order and number-or-string ids", () => {
    const reordered: ProductOption = {
      extension_attributes: {
        configurable_item_options: [
          { option_id: "144", option_value: "102" },
          { option_id: 93 as unknown as string, option_value: 51 as unknown as string, label: "Color" },
        ],
      },
    };
    expect(productOptionChecksum(reordered)).toBe(productOptionChecksum(shirt));
  });

  it("tells another size apart", () => {
    const large = structuredClone(shirt);
    large.extension_attributes.configurable_item_options![1]!.option_value = "103";
    expect(productOptionChecksum(large)).not.toBe(productOptionChecksum(shirt));
  });

  it("counts bundle quantities and selections, not their order", () => {
    const a: ProductOption = {
      extension_attributes: {
        bundle_options: [
          { option_id: 1, option_qty: 1, option_selections: [2] },
          { option_id: 2, option_qty: 2, option_selections: [4, 5] },
        ],
      },
    };
    const b: ProductOption = {
      extension_attributes: {
        bundle_options: [
          { option_id: 2, option_qty: 2, option_selections: [5, 4] },
          { option_id: 1, option_qty: 1, option_selections: [2] },
        ],
      },
    };
    expect(productOptionChecksum(a)).toBe(productOptionChecksum(b));
    const moreSocks = structuredClone(a);
    moreSocks.extension_attributes.bundle_options![1]!.option_qty = 3;
    expect(productOptionChecksum(moreSocks)).not.toBe(productOptionChecksum(a));
  });

  it("treats checkbox values as a set", () => {
    const a = { extension_attributes: { custom_options: [{ option_id: 7, option_value: "3,1" }] } };
    const b = { extension_attributes: { custom_options: [{ option_id: "7", option_value: "1, 3" }] } };
    expect(productOptionChecksum(a)).toBe(productOptionChecksum(b));
    expect(canonicalProductOption(a)).toEqual({ custom: [["7", "1,3"]] });
  });

  // Issue 14: a gift card's message was split at its commas and sorted, so two messages made of
  // the same phrases were one line.
  it("keeps typed text as it is: two messages are two choices", () => {
    const message = (text: string) => ({
      extension_attributes: { custom_options: [{ option_id: 903, option_value: text }] },
    });
    expect(productOptionChecksum(message("Hoi, Sanne"))).not.toBe(
      productOptionChecksum(message("Sanne, hoi")),
    );
    expect(productOptionChecksum(message(" Hoi, Sanne "))).toBe(productOptionChecksum(message("Hoi, Sanne")));
    expect(canonicalProductOption(message("Hoi, Sanne"))).toEqual({ custom: [["903", "Hoi, Sanne"]] });
  });

  it("keeps the kinds of option apart", () => {
    const configurable = {
      extension_attributes: { configurable_item_options: [{ option_id: "1", option_value: "2" }] },
    };
    const custom = { extension_attributes: { custom_options: [{ option_id: "1", option_value: "2" }] } };
    expect(productOptionChecksum(configurable)).not.toBe(productOptionChecksum(custom));
  });

  it("is the same whatever order the options come in (property)", () => {
    const item = fc.record({
      option_id: fc.integer({ min: 1, max: 500 }),
      option_value: fc.integer({ min: 1, max: 500 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(item, { selector: (o) => o.option_id, maxLength: 6 }), (list) => {
        const asStrings = list.map((o) => ({
          option_id: String(o.option_id),
          option_value: String(o.option_value),
        }));
        const reversed = [...asStrings].reverse();
        expect(
          productOptionChecksum({ extension_attributes: { configurable_item_options: asStrings } }),
        ).toBe(productOptionChecksum({ extension_attributes: { configurable_item_options: reversed } }));
      }),
    );
  });
});

describe("cartLineKey and isSameLine", () => {
  it("identify a line by sku plus options", () => {
    expect(
      isSameLine({ sku: "A", product_option: shirt }, { sku: "A", product_option: structuredClone(shirt) }),
    ).toBe(true);
    expect(isSameLine({ sku: "A", product_option: shirt }, { sku: "A" })).toBe(false);
    expect(isSameLine({ sku: "A" }, { sku: "B" })).toBe(false);
    expect(cartLineKey({ sku: "A" })).toBe(
      cartLineKey({ sku: "A", product_option: { extension_attributes: {} } }),
    );
  });
});
