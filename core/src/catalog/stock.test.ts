import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sellableStock, stockStatus } from "./stock.ts";

describe("stockStatus", () => {
  it.each([
    [{ qty: 5, is_in_stock: true, manage_stock: true }, "ok"],
    [{ qty: 0, is_in_stock: true, manage_stock: true }, "out_of_stock"],
    [{ qty: 5, is_in_stock: false, manage_stock: true }, "out_of_stock"],
    [{ qty: 3, is_in_stock: true, manage_stock: true, is_volatile: true }, "volatile"],
    [{ qty: 0, is_in_stock: false, manage_stock: true, is_volatile: true }, "out_of_stock"],
    [{ qty: 0, is_in_stock: false, manage_stock: false }, "ok"],
  ] as const)("%o is %s", (level, status) => {
    expect(stockStatus(level)).toBe(status);
  });
});

describe("sellableStock", () => {
  const record = (qty: number, reserved: number, isInStock = true, manageStock = true) => ({
    qty,
    reserved,
    isInStock,
    manageStock,
  });

  it("subtracts reservations", () => {
    expect(sellableStock(record(10, 3))).toEqual({ qty: 7, is_in_stock: true, manage_stock: true });
  });

  it("is out of stock when reservations hold everything, and never negative", () => {
    expect(sellableStock(record(3, 3))).toMatchObject({ qty: 0, is_in_stock: false });
    expect(sellableStock(record(2, 5))).toMatchObject({ qty: 0, is_in_stock: false });
  });

  it("keeps an uncounted sku in stock on its flag alone", () => {
    expect(sellableStock(record(0, 0, true, false))).toMatchObject({ qty: 0, is_in_stock: true });
    expect(sellableStock(record(9, 0, false, false))).toMatchObject({ is_in_stock: false });
  });

  it("never sells more than is counted less reserved, nor what the flag withholds", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.boolean(),
        fc.boolean(),
        (qty, reserved, isInStock, manageStock) => {
          const level = sellableStock({ qty, reserved, isInStock, manageStock });
          expect(level.qty).toBe(Math.max(0, qty - reserved));
          if (!isInStock) expect(level.is_in_stock).toBe(false);
          if (manageStock && level.is_in_stock) expect(level.qty).toBeGreaterThan(0);
          if (level.is_in_stock && manageStock) expect(stockStatus(level)).not.toBe("out_of_stock");
        },
      ),
    );
  });
});
