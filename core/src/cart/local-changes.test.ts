import { describe, expect, it } from "vitest";
import { productOptionChecksum } from "./checksum.ts";
import {
  addLine,
  afterFailedUpdate,
  applyServerItem,
  forgetDeletion,
  type LocalCart,
  removeLine,
  replaceLine,
  serverUpdateNotice,
  setLineQty,
} from "./local-changes.ts";
import type { CartItem } from "./types.ts";

const size = (v: string) => ({
  extension_attributes: { configurable_item_options: [{ option_id: "144", option_value: v }] },
});
const empty: LocalCart = { items: [], deleted: [] };
const m: CartItem = { sku: "OVH-M", qty: 1, product_option: size("102") };

describe("addLine", () => {
  it("adds a new line with its checksum and increases the same line", () => {
    const once = addLine(empty, m);
    expect(once.items).toEqual([{ ...m, checksum: productOptionChecksum(size("102")) }]);
    const twice = addLine(once, { ...m, qty: 2 });
    expect(twice.items).toHaveLength(1);
    expect(twice.items[0]).toMatchObject({ qty: 3, prev_qty: 1 });
  });

  it("keeps other options on their own line", () => {
    expect(addLine(addLine(empty, m), { ...m, product_option: size("103") }).items).toHaveLength(2);
  });
});

describe("removeLine and tombstones", () => {
  it("records a tombstone with the server ids of a confirmed line", () => {
    const cart = { items: [{ ...m, server_item_id: 5, server_cart_id: "c" }], deleted: [] };
    expect(removeLine(cart, m)).toEqual({
      items: [],
      deleted: [
        {
          sku: "OVH-M",
          checksum: productOptionChecksum(size("102")),
          server_item_id: 5,
          server_cart_id: "c",
        },
      ],
    });
  });

  it("records a tombstone for an unconfirmed line too (its add may be in flight)", () => {
    expect(removeLine(addLine(empty, m), m).deleted).toEqual([
      { sku: "OVH-M", checksum: productOptionChecksum(size("102")) },
    ]);
  });

  it("re-adding voids the tombstone; a confirmed delete forgets it", () => {
    const removed = removeLine(addLine(empty, m), m);
    expect(addLine(removed, m).deleted).toEqual([]);
    expect(forgetDeletion(removed, m).deleted).toEqual([]);
  });

  it("replaceLine (edit mode) removes the old size with a tombstone and adds the new one", () => {
    const l: CartItem = { ...m, sku: "OVH-L", product_option: size("103") };
    const cart = replaceLine(addLine(empty, m), m, l);
    expect(cart.items.map((i) => i.sku)).toEqual(["OVH-L"]);
    expect(cart.deleted.map((d) => d.sku)).toEqual(["OVH-M"]);
  });

  it("replaceLine keeps the edited line in its place (issue 14: it jumped to the bottom)", () => {
    const sock: CartItem = { sku: "SOK-1", qty: 1 };
    const l: CartItem = { ...m, sku: "OVH-L", product_option: size("103") };
    const cart = replaceLine(addLine(addLine(empty, m), sock), m, l);
    expect(cart.items.map((i) => i.sku)).toEqual(["OVH-L", "SOK-1"]);
  });

  it("replaceLine onto a variant already in the cart adds the quantities to that line", () => {
    const l: CartItem = { ...m, sku: "OVH-L", product_option: size("103"), qty: 2 };
    const cart = replaceLine(addLine(addLine(empty, m), l), m, { ...l, qty: 1 });
    expect(cart.items.map((i) => [i.sku, i.qty])).toEqual([["OVH-L", 3]]);
  });

  it("leaves the cart alone when the line is not there", () => {
    expect(removeLine(empty, m)).toBe(empty);
  });
});

describe("server answers", () => {
  it("a successful update gives the line the server's ids and quantity", () => {
    const cart = setLineQty(addLine(empty, m), m, 4);
    const items = applyServerItem(
      cart.items,
      {
        item_id: 9,
        quote_id: "c",
        sku: "OVH-M",
        qty: 4,
        product_option: size("102"),
        product_type: "configurable",
      },
      "c",
    );
    expect(items[0]).toMatchObject({
      qty: 4,
      item_id: 9,
      server_item_id: 9,
      server_cart_id: "c",
      quote_id: "c",
    });
    expect(items[0]!.prev_qty).toBeUndefined();
  });

  it("a failed update restores the old quantity, or removes a line that had none", () => {
    const updated = setLineQty(addLine(empty, m), m, 4);
    expect(afterFailedUpdate(updated.items, m)).toEqual(
      [{ ...updated.items[0], qty: 1, prev_qty: undefined }].map(({ prev_qty: _, ...rest }) => rest),
    );
    expect(afterFailedUpdate(addLine(empty, m).items, m)).toEqual([]);
  });

  it("notifies added or updated, except in checkout", () => {
    expect(serverUpdateNotice(true, false)?.message).toBe("Product has been added to the cart!");
    expect(serverUpdateNotice(false, false)?.message).toBe("Product quantity has been updated!");
    expect(serverUpdateNotice(true, true)).toBeUndefined();
  });
});
