import { describe, expect, it } from "vitest";
import { applyStockSync, stockSyncLine } from "./stock-sync.ts";

const line = { sku: "A", qty: 1, errors: { stock: "Out of the stock!" }, info: {} };

describe("stock sync (transactional §4)", () => {
  it("in stock: info 'In stock!' and the old stock error cleared", () => {
    expect(
      stockSyncLine(line, { is_in_stock: true }, { allowOutOfStock: false, syncEnabled: false }),
    ).toEqual({
      sku: "A",
      qty: 1,
      is_in_stock: true,
      info: { stock: "In stock!" },
      errors: {},
    });
  });

  it.each([
    [true, false],
    [false, true],
    [true, true],
  ])(
    "out of stock with allowOutOfStock=%s sync=%s: error 'Out of the stock!'",
    (allowOutOfStock, syncEnabled) => {
      expect(
        stockSyncLine({ sku: "A", qty: 1 }, { is_in_stock: false }, { allowOutOfStock, syncEnabled }),
      ).toEqual({
        sku: "A",
        qty: 1,
        is_in_stock: false,
        info: {},
        errors: { stock: "Out of the stock!" },
      });
    },
  );

  it("out of stock otherwise: the line leaves the cart", () => {
    const settings = { allowOutOfStock: false, syncEnabled: false };
    expect(stockSyncLine(line, { is_in_stock: false }, settings)).toBeNull();
    expect(applyStockSync([line, { sku: "B", qty: 2 }], "A", { is_in_stock: false }, settings)).toEqual([
      { sku: "B", qty: 2 },
    ]);
  });
});
