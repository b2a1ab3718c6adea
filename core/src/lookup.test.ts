import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lookupTable } from "./lookup.ts";

describe("lookupTable", () => {
  const table = lookupTable({ price: "final_price", name: "name" });

  it("finds its own keys", () => {
    expect(table.price).toBe("final_price");
    expect(table.name).toBe("name");
  });

  it("finds nothing for the names of Object.prototype's members", () => {
    for (const key of [
      "toString",
      "constructor",
      "__proto__",
      "hasOwnProperty",
      "valueOf",
      "isPrototypeOf",
    ]) {
      expect(table[key], key).toBeUndefined();
    }
  });

  it("answers undefined for any string that is not one of its keys", () => {
    fc.assert(
      fc.property(fc.string(), (key) => {
        fc.pre(key !== "price" && key !== "name");
        expect(table[key]).toBeUndefined();
      }),
    );
  });

  it("cannot be changed", () => {
    expect(Object.isFrozen(table)).toBe(true);
  });
});
