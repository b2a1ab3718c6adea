import { describe, expect, it } from "vitest";
import { purchaseLines } from "./checkout-events.ts";

describe("purchase lines", () => {
  it("name the parent product and brand the cart knew for the same sku, and keep the order's price", () => {
    const ordered = [
      { sku: "MS-1-M", name: "Overhemd", price: 49.95, quantity: 2 },
      { sku: "GIFT-25", name: "Cadeaubon", price: 25, quantity: 1 },
    ];
    const kept = [
      { sku: "MS-1-M", parentSku: "MS-1", name: "Overhemd", brand: "Casa Moretti", price: 59.95 },
    ];
    expect(purchaseLines(ordered, kept)).toEqual([
      {
        sku: "MS-1-M",
        parentSku: "MS-1",
        brand: "Casa Moretti",
        name: "Overhemd",
        price: 49.95,
        quantity: 2,
      },
      { sku: "GIFT-25", name: "Cadeaubon", price: 25, quantity: 1 },
    ]);
  });
});
