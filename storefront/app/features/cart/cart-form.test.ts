import { CART_MESSAGES } from "@etalage/core";
import { describe, expect, it } from "vitest";
import { cartLinesFromForm } from "./cart-form.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("the add-to-cart form as cart lines (no JavaScript)", () => {
  it("a simple product with its quantity as text", () => {
    expect(cartLinesFromForm(form({ sku: "A", product_type: "simple", qty: " 3 " }))).toEqual({
      lines: [{ sku: "A", qty: 3 }],
    });
  });

  it("refuses a quantity that is not a whole number above 0", () => {
    for (const qty of ["0", "-1", "1.5", "2x"]) {
      expect(cartLinesFromForm(form({ sku: "A", product_type: "simple", qty }))).toEqual({
        error: CART_MESSAGES.invalidQty,
      });
    }
  });

  it("a configurable variant with its chosen values as item options", () => {
    const parsed = cartLinesFromForm(
      form({
        sku: "OVH1000-49-L",
        product_type: "configurable",
        qty: "1",
        "super_attribute[93]": "49",
        "super_attribute[142]": "L",
      }),
    );
    expect(parsed).toEqual({
      lines: [
        {
          sku: "OVH1000-49-L",
          qty: 1,
          product_option: {
            extension_attributes: {
              configurable_item_options: [
                { option_id: "93", option_value: "49" },
                { option_id: "142", option_value: "L" },
              ],
            },
          },
        },
      ],
    });
  });

  it("a grouped product as its children, leaving out those at 0", () => {
    const parsed = cartLinesFromForm(
      form({
        sku: "LOOK1",
        product_type: "grouped",
        "super_group[A]": "2",
        "super_group[B]": "0",
        "super_group[C]": "",
      }),
    );
    expect(parsed).toEqual({ lines: [{ sku: "A", qty: 2 }] });
    expect(cartLinesFromForm(form({ sku: "LOOK1", product_type: "grouped", "super_group[A]": "0" }))).toEqual(
      {
        error: CART_MESSAGES.invalidQty,
      },
    );
  });

  it("a bundle with its selections and option quantities", () => {
    const parsed = cartLinesFromForm(
      form({
        sku: "SET1",
        product_type: "bundle",
        qty: "1",
        "bundle_option[1]": "11",
        "bundle_option_qty[1]": "2",
        "bundle_option[2]": "21",
      }),
    );
    expect(parsed).toEqual({
      lines: [
        {
          sku: "SET1",
          qty: 1,
          product_option: {
            extension_attributes: {
              bundle_options: [
                { option_id: 1, option_qty: 2, option_selections: [11] },
                { option_id: 2, option_qty: 1, option_selections: [21] },
              ],
            },
          },
        },
      ],
    });
  });

  it("a gift card with its recipient, checked in Dutch before anything is sent (issue 14)", () => {
    const options = [
      { option_id: 901, title: "Naam ontvanger", type: "field" as const, is_require: true },
      {
        option_id: 902,
        title: "E-mailadres ontvanger",
        type: "field" as const,
        format: "email" as const,
        is_require: true,
      },
      { option_id: 903, title: "Persoonlijke boodschap", type: "area" as const, max_characters: 200 },
    ];
    const card = (fields: Record<string, string>) =>
      cartLinesFromForm(form({ sku: "CAD50", product_type: "virtual", qty: "1", ...fields }), options);
    expect(
      card({ "options[901]": " Sanne ", "options[902]": "Sanne@Example.nl", "options[903]": "" }),
    ).toEqual({
      lines: [
        {
          sku: "CAD50",
          qty: 1,
          product_option: {
            extension_attributes: {
              custom_options: [
                { option_id: 901, option_value: "Sanne" },
                { option_id: 902, option_value: "sanne@example.nl" },
              ],
            },
          },
        },
      ],
    });
    expect(card({ "options[902]": "sanne@example.nl" })).toEqual({ error: "Naam ontvanger is verplicht" });
    expect(card({ "options[901]": "Sanne", "options[902]": "sanne@" })).toEqual({
      error: "Vul een geldig e-mailadres in",
    });
    expect(
      card({ "options[901]": "Sanne", "options[902]": "s@example.nl", "options[903]": "x".repeat(201) }),
    ).toEqual({ error: "Maximaal 200 tekens" });
  });
});
