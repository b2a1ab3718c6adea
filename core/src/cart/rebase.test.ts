import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartLineKey } from "./checksum.ts";
import { addLine, type LocalCart, removeLine, setLineQty } from "./local-changes.ts";
import { rebaseAfterSync } from "./rebase.ts";
import type { CartItem } from "./types.ts";

const line = (sku: string, qty: number, extra: Partial<CartItem> = {}): CartItem => ({ sku, qty, ...extra });
const cart = (...items: CartItem[]): LocalCart => ({ items, deleted: [] });
const confirmed = (item: CartItem, id: number): CartItem => ({
  ...item,
  item_id: id,
  server_item_id: id,
  server_cart_id: "c1",
  quote_id: "c1",
});

describe("rebaseAfterSync", () => {
  it("takes the sync's answer when nothing changed meanwhile", () => {
    const base = cart(line("A", 1), line("B", 2));
    const merged = cart(confirmed(line("A", 1), 1), confirmed(line("C", 4), 3));
    expect(rebaseAfterSync(base, base, merged)).toEqual(merged);
  });

  it("keeps clicks made during the sync, with the server ids the sync found", () => {
    const base = cart(line("A", 1));
    const current = addLine(addLine(base, line("A", 1)), line("A", 1));
    const merged = cart(confirmed(line("A", 1), 7));
    const result = rebaseAfterSync(base, current, merged);
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({ sku: "A", qty: 3, server_item_id: 7, server_cart_id: "c1" });
  });

  it("keeps a line added during the sync and one removed during it stays removed", () => {
    const base = cart(confirmed(line("A", 1), 1));
    const current = removeLine(addLine(base, line("B", 2)), line("A", 1));
    const merged = cart(confirmed(line("A", 1), 1), confirmed(line("S", 1), 9));
    const result = rebaseAfterSync(base, current, merged);
    expect(result.items.map((i) => i.sku).sort()).toEqual(["B", "S"]);
    expect(result.deleted).toMatchObject([{ sku: "A", server_item_id: 1 }]);
  });

  it("a server line the shopper removed during the sync does not come in", () => {
    const base = cart();
    const current = removeLine(addLine(base, line("S", 1)), line("S", 1));
    const merged = cart(confirmed(line("S", 1), 9));
    expect(rebaseAfterSync(base, current, merged).items).toEqual([]);
  });

  it("never loses a change made during the sync nor duplicates a line (property)", () => {
    const sku = fc.constantFrom("A", "B", "C", "D");
    const op = fc.oneof(
      fc.record({ type: fc.constant("add" as const), sku, qty: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ type: fc.constant("set" as const), sku, qty: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ type: fc.constant("remove" as const), sku }),
    );
    const items = fc.uniqueArray(fc.record({ sku, qty: fc.integer({ min: 1, max: 5 }) }), {
      selector: (i) => i.sku,
    });
    fc.assert(
      fc.property(items, items, fc.array(op, { maxLength: 8 }), (baseItems, mergedItems, ops) => {
        const base = cart(...baseItems);
        let current = base;
        for (const o of ops) {
          if (o.type === "add") current = addLine(current, line(o.sku, o.qty));
          else if (o.type === "set") current = setLineQty(current, line(o.sku, 0), o.qty);
          else current = removeLine(current, line(o.sku, 0));
        }
        const result = rebaseAfterSync(base, current, cart(...mergedItems));
        const keys = result.items.map(cartLineKey);
        expect(new Set(keys).size).toBe(keys.length);
        const baseQty = new Map(base.items.map((i) => [i.sku, i.qty]));
        for (const item of current.items) {
          if (baseQty.get(item.sku) === item.qty) continue;
          expect(result.items.find((i) => i.sku === item.sku)?.qty).toBe(item.qty);
        }
        const removedNow = current.deleted.filter((d) => !base.deleted.some((b) => b.sku === d.sku));
        for (const d of removedNow) {
          if (current.items.some((i) => i.sku === d.sku)) continue;
          expect(result.items.some((i) => i.sku === d.sku)).toBe(false);
        }
      }),
    );
  });
});
