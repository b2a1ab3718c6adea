import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartLineKey } from "./checksum.ts";
import { cartItemsHash } from "./items-hash.ts";

const option = (size: string) => ({
  extension_attributes: { configurable_item_options: [{ option_id: "144", option_value: size }] },
});

const line = fc.record({
  sku: fc.constantFrom("A", "B", "C"),
  qty: fc.integer({ min: -2, max: 5 }),
  size: fc.constantFrom("101", "102", undefined),
  name: fc.string({ maxLength: 3 }),
});
const cart = fc.uniqueArray(line, { selector: (l) => `${l.sku}/${l.size}`, maxLength: 5 }).map((lines) =>
  lines.map((l) => ({
    sku: l.sku,
    qty: l.qty,
    name: l.name,
    ...(l.size ? { product_option: option(l.size) } : {}),
  })),
);

/** What the hash must depend on: each line's identity and quantity, as a set. */
function content(items: { sku: string; qty: number; product_option?: unknown }[]) {
  return JSON.stringify(items.map((i) => [cartLineKey(i as { sku: string }), i.qty]).sort());
}

describe("cartItemsHash", () => {
  it("ignores display fields and line order", () => {
    const a = [
      { sku: "A", qty: 1, name: "Overhemd" },
      { sku: "B", qty: 2, product_option: option("101") },
    ];
    const b = [
      { sku: "B", qty: 2, product_option: option("101"), name: "x" },
      { sku: "A", qty: 1 },
    ];
    expect(cartItemsHash(a)).toBe(cartItemsHash(b));
  });

  it("changes with a quantity, a size or a line", () => {
    const base = [{ sku: "A", qty: 1, product_option: option("101") }];
    expect(cartItemsHash([{ ...base[0]!, qty: 2 }])).not.toBe(cartItemsHash(base));
    expect(cartItemsHash([{ ...base[0]!, product_option: option("102") }])).not.toBe(cartItemsHash(base));
    expect(cartItemsHash([...base, { sku: "B", qty: 1 }])).not.toBe(cartItemsHash(base));
    expect(cartItemsHash([])).not.toBe(cartItemsHash(base));
  });

  it("changes exactly when the items change (property)", () => {
    fc.assert(
      fc.property(cart, cart, (a, b) => {
        expect(cartItemsHash(a) === cartItemsHash(b)).toBe(content(a) === content(b));
      }),
      { numRuns: 500 },
    );
  });
});
