import { describe, expect, it } from "vitest";
import {
  BLUE,
  child,
  L,
  M,
  product,
  RED,
  S,
  shirtParent,
} from "../../../../core/src/catalog/test-products.ts";
import { cardVariants } from "./card-variants.ts";

const swatch = (value: string) => (value === BLUE ? "#1f3a93" : value === RED ? "#b3261e" : null);

describe("cardVariants", () => {
  it("shows the colours and sizes some enabled child in stock has, in the options' order", () => {
    // RED-M is sold out and RED-L disabled: red still has S, so both colours show; L is no size on sale.
    expect(cardVariants(shirtParent, { swatch })).toEqual({
      colors: [
        { label: "Blauw", swatch: "#1f3a93" },
        { label: "Rood", swatch: "#b3261e" },
      ],
      sizes: ["S", "M"],
    });
  });

  it("leaves out a colour and a size nothing can be bought in", () => {
    const soldOut = { qty: 0, is_in_stock: false, manage_stock: true };
    const parent = {
      ...shirtParent,
      configurable_options: [
        ...shirtParent.configurable_options!.slice(0, 1),
        {
          attribute_id: 142,
          attribute_code: "size",
          label: "Maat",
          values: [
            { value_index: S, label: "S" },
            { value_index: M, label: "M" },
            { value_index: L, label: "L" },
          ],
        },
      ],
      configurable_children: [
        child({ id: 1, sku: "A", color: BLUE, size: S }),
        child({ id: 2, sku: "B", color: BLUE, size: M, stock: { product_id: 2, ...soldOut } }),
        child({ id: 3, sku: "C", color: RED, size: M, stock: { product_id: 3, ...soldOut } }),
        child({ id: 4, sku: "D", color: BLUE, size: L, status: 2 }),
      ],
    };
    // One colour left: no swatches (the picture shows it); one size left.
    expect(cardVariants(parent, { swatch })).toEqual({ colors: [], sizes: ["S"] });
  });

  it("has nothing for a simple product or one with nothing to sell", () => {
    expect(cardVariants(product({ sku: "RIEM" }), { swatch })).toBeNull();
    const gone = { ...shirtParent, configurable_children: [] };
    expect(cardVariants(gone, { swatch })).toBeNull();
  });
});
