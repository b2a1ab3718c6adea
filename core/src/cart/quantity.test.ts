import { describe, expect, it } from "vitest";
import { cartCount, countedQty, isValidLineQty, MAX_LINE_QTY, parseQty } from "./quantity.ts";

describe("parseQty", () => {
  it.each<[unknown, number | null]>([
    [3, 3],
    ["3", 3],
    [" 2 ", 2],
    ["+4", 4],
    ["-1", -1],
    ["0", 0],
    ["-0", 0],
    ["1.5", null],
    [1.5, null],
    ["2x", null],
    ["", null],
    [Number.NaN, null],
    [null, null],
    [undefined, null],
    ["1e3", null],
  ])("reads %j as %j", (input, expected) => {
    expect(parseQty(input)).toBe(expected);
  });
});

describe("isValidLineQty", () => {
  it("accepts whole numbers from 1 up to the maximum only", () => {
    expect(isValidLineQty(1)).toBe(true);
    expect(isValidLineQty(MAX_LINE_QTY)).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_LINE_QTY + 1, "2", Number.NaN])
      expect(isValidLineQty(bad)).toBe(false);
  });
});

describe("countedQty and cartCount", () => {
  it("ignores negative quantities in totals (transactional §4)", () => {
    expect(countedQty(-3)).toBe(0);
    expect(countedQty("2")).toBe(2);
    const items = [{ qty: 2 }, { qty: -1 }, { qty: "3" }, { qty: 1 }];
    expect(cartCount(items, "quantities")).toBe(6);
    expect(cartCount(items, "items")).toBe(3);
    expect(cartCount([], "items")).toBe(0);
  });
});
