import { describe, expect, it } from "vitest";
import type { ConfigurableView, VariantView } from "./product-data.ts";
import { lastPiecesNote, soldOutSizes } from "./size-stock.ts";

const level = (qty: number) => ({ product_id: 1, qty, is_in_stock: qty > 0, manage_stock: true });
const variant = (sku: string, color: string, size: string, qty: number, status = 1) =>
  ({
    id: 1,
    sku,
    status,
    price: 0,
    color,
    size,
    stock: level(qty),
    final_price_incl_tax: 50,
    price_incl_tax: 50,
  }) as VariantView;

const view: ConfigurableView = {
  options: [
    {
      attribute_id: 93,
      attribute_code: "color",
      label: "Kleur",
      values: [
        { value_index: "1", label: "Blauw", swatch: null },
        { value_index: "2", label: "Rood", swatch: null },
      ],
    },
    {
      attribute_id: 144,
      attribute_code: "size",
      label: "Maat",
      values: [
        { value_index: "10", label: "S", swatch: null },
        { value_index: "11", label: "M", swatch: null },
        { value_index: "12", label: "L", swatch: null },
      ],
    },
  ],
  variants: [
    variant("B-S", "1", "10", 2),
    variant("B-M", "1", "11", 0),
    variant("B-L", "1", "12", 30),
    variant("R-S", "2", "10", 40),
    variant("R-M", "2", "11", 1),
    variant("R-L", "2", "12", 0, 2),
  ],
  selectedSku: null,
  pickers: [],
};

describe("lastPiecesNote", () => {
  it("marks a size of the colour chosen with LAST_PIECES or fewer left", () => {
    const note = lastPiecesNote(view, { color: "1" });
    expect(note("size", "10")).toBe("Laatste stuks");
    expect(note("size", "12")).toBeNull();
    expect(lastPiecesNote(view, { color: "2" })("size", "11")).toBe("Laatste stuks");
  });

  it("says nothing while a size still stands for several colours, nor of a colour", () => {
    const note = lastPiecesNote(view, {});
    expect(note("size", "10")).toBeNull();
    expect(note("color", "1")).toBeNull();
  });
});

describe("soldOutSizes", () => {
  it("lists the sold-out sizes of the colour chosen", () => {
    expect(soldOutSizes(view, { color: "1" })).toEqual([{ sku: "B-M", label: "M" }]);
  });

  it("names the colour with the size while none is chosen, and leaves out disabled children", () => {
    expect(soldOutSizes(view, {})).toEqual([{ sku: "B-M", label: "Blauw, M" }]);
  });
});
