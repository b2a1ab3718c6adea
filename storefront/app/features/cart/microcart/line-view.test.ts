import type { CartItem } from "@etalage/core";
import { describe, expect, it } from "vitest";
import {
  estimatedSubtotal,
  isEditable,
  lineHref,
  lineImage,
  lineName,
  lineOptions,
  linePrices,
} from "./line-view.ts";

const shirt: CartItem = {
  sku: "OVH1000-NAVY-M",
  parentSku: "OVH1000",
  type_id: "configurable",
  name: "Slim fit overhemd twill",
  qty: 2,
  checksum: "abc",
  url_path: "heren/kleding/overhemden/slim-fit-overhemd-twill",
  slug: "slim-fit-overhemd-twill",
  image: "/product/shirt/navy/front.svg",
  price_incl_tax: 99.95,
  regular_price_incl_tax: 99.95,
  final_price_incl_tax: 84.95,
  product_option: {
    extension_attributes: {
      configurable_item_options: [
        { option_id: "93", option_value: "51", label: "Kleur", value: "Navy" },
        { option_id: "144", option_value: "102", label: "Maat", value: "M" },
      ],
    },
  },
};

describe("a microcart line", () => {
  it("strikes the regular row price through while a lower special price runs", () => {
    expect(linePrices(shirt)).toEqual({ row: 169.9, rowRegular: 199.9 });
  });

  it("shows one row price when there is no special price", () => {
    const plain = { ...shirt, final_price_incl_tax: 99.95 };
    expect(linePrices(plain)).toEqual({ row: 199.9, rowRegular: null });
  });

  it("counts a negative or unreadable quantity as nothing (transactional §4)", () => {
    expect(linePrices({ ...shirt, qty: -3 }).row).toBe(0);
    expect(estimatedSubtotal([shirt, { ...shirt, sku: "B", qty: Number.NaN }])).toBe(169.9);
  });

  it("rounds row prices to cents", () => {
    expect(linePrices({ ...shirt, qty: 3, final_price_incl_tax: 0.1, regular_price_incl_tax: 0.1 }).row).toBe(
      0.3,
    );
  });

  it("names the options from the server's totals first, else from the line's own labels", () => {
    expect(lineOptions(shirt)).toEqual([
      { label: "Kleur", value: "Navy" },
      { label: "Maat", value: "M" },
    ]);
    const bundle: CartItem = {
      ...shirt,
      totals: { options: [{ label: "Overhemd", value: "1 x Oxford overhemd" }] },
    };
    expect(lineOptions(bundle)).toEqual([{ label: "Overhemd", value: "1 x Oxford overhemd" }]);
  });

  it("reads a configuration when the options carry no labels", () => {
    const configured: CartItem = {
      sku: "X-M",
      qty: 1,
      product_option: {
        extension_attributes: { configurable_item_options: [{ option_id: "1", option_value: "2" }] },
      },
      configuration: { size: { attribute_code: "size", id: "102", label: "M" } },
      configurable_options: [{ attribute_id: 144, attribute_code: "size", label: "Maat", values: [] }],
    };
    expect(lineOptions(configured)).toEqual([{ label: "Maat", value: "M" }]);
    expect(lineOptions({ sku: "S", qty: 1 })).toEqual([]);
  });

  it("names a gift card's recipient from the card's own options until the totals do (issue 14)", () => {
    const card: CartItem = {
      sku: "CAD50",
      type_id: "virtual",
      qty: 1,
      product_option: {
        extension_attributes: {
          custom_options: [
            { option_id: 901, option_value: "Sanne" },
            { option_id: 902, option_value: "sanne@example.nl" },
          ],
        },
      },
      custom_options: [
        { option_id: 901, title: "Naam ontvanger", type: "field", is_require: true },
        { option_id: 902, title: "E-mailadres ontvanger", type: "field", format: "email", is_require: true },
        { option_id: 903, title: "Persoonlijke boodschap", type: "area" },
      ],
    };
    expect(lineOptions(card)).toEqual([
      { label: "Naam ontvanger", value: "Sanne" },
      { label: "E-mailadres ontvanger", value: "sanne@example.nl" },
    ]);
    // Two cards to two recipients: their controls are told apart by name.
    expect(lineName({ ...card, name: "Cadeaubon € 50" }, lineOptions(card))).toBe("Cadeaubon € 50 (Sanne)");
    expect(lineName(shirt, lineOptions(shirt))).toBe("Slim fit overhemd twill");
  });

  it("links a configurable line to its parent's page with its own variant chosen", () => {
    expect(lineHref(shirt)).toBe(
      "/heren/kleding/overhemden/slim-fit-overhemd-twill/?childSku=OVH1000-NAVY-M",
    );
    expect(lineHref({ sku: "S", qty: 1, type_id: "simple", url_path: "heren/riem" })).toBe("/heren/riem/");
    expect(lineHref({ sku: "S", qty: 1 })).toBeNull();
  });

  it("takes the first real image, skipping no_selection", () => {
    expect(lineImage({ ...shirt, image: "no_selection", thumbnail: "/t.svg" })).toBe("/t.svg");
    expect(lineImage({ sku: "S", qty: 1 })).toBeNull();
  });

  it("offers edit mode for a configurable's variant only", () => {
    expect(isEditable(shirt)).toBe(true);
    expect(isEditable({ sku: "S", qty: 1, type_id: "simple" })).toBe(false);
    expect(isEditable({ sku: "P", parentSku: "P", qty: 1 })).toBe(false);
  });
});
