import { describe, expect, it } from "vitest";
import { stockStatus } from "./stock.ts";

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
