import { describe, expect, it } from "vitest";
import type { ProductOption } from "../catalog/types.ts";
import { productOptionChecksum } from "./checksum.ts";
import { type MergeSettings, mergeCarts } from "./merge.ts";
import type { CartItem, ServerCartItem } from "./types.ts";

const CART = "cart-1";
const size = (value: string): ProductOption => ({
  extension_attributes: { configurable_item_options: [{ option_id: "144", option_value: value }] },
});
const server = (
  item_id: number,
  sku: string,
  qty: number,
  product_option?: ProductOption,
): ServerCartItem => ({
  item_id,
  quote_id: CART,
  sku,
  qty,
  product_type: "configurable",
  ...(product_option ? { product_option } : {}),
});
/** A line this cart confirmed earlier. */
const synced = (item_id: number, sku: string, qty: number, product_option?: ProductOption): CartItem => ({
  sku,
  qty,
  item_id,
  server_item_id: item_id,
  server_cart_id: CART,
  ...(product_option ? { product_option } : {}),
});

const SETTINGS: [string, MergeSettings][] = [
  [
    "server may change the client",
    { serverSyncCanRemoveLocalItems: true, serverSyncCanModifyLocalItems: true },
  ],
  [
    "server may not change the client",
    { serverSyncCanRemoveLocalItems: false, serverSyncCanModifyLocalItems: false },
  ],
];

describe("client line missing on the server", () => {
  it.each(SETTINGS)("a confirmed line: removed locally only when removal is allowed (%s)", (_, settings) => {
    const result = mergeCarts([synced(1, "A", 2)], [], { ...settings, cartId: CART });
    expect(result.differences).toEqual([
      {
        party: "server",
        sku: "A",
        checksum: productOptionChecksum(undefined),
        status: "no-item",
        clientQty: 2,
      },
    ]);
    if (settings.serverSyncCanRemoveLocalItems) {
      expect(result.items).toEqual([]);
      expect(result.commands).toEqual([]);
    } else {
      expect(result.items).toEqual([synced(1, "A", 2)]);
      expect(result.commands).toEqual([{ type: "update", cartItem: { sku: "A", qty: 2, quoteId: CART } }]);
    }
  });

  it.each(SETTINGS)("a forced client state pushes the line (%s)", (_, settings) => {
    const result = mergeCarts([synced(1, "A", 2, size("101"))], [], {
      ...settings,
      cartId: CART,
      forceClientState: true,
    });
    expect(result.items).toHaveLength(1);
    expect(result.commands).toEqual([
      { type: "update", cartItem: { sku: "A", qty: 2, quoteId: CART, product_option: size("101") } },
    ]);
  });

  it.each(SETTINGS)(
    "a line never confirmed by this cart is pending and pushed, never dropped (%s)",
    (_, settings) => {
      const fromGuestCart: CartItem = { ...synced(9, "A", 1), server_cart_id: "guest-cart" };
      const result = mergeCarts([{ sku: "B", qty: 1 }, fromGuestCart], [], { ...settings, cartId: CART });
      expect(result.items.map((i) => i.sku)).toEqual(["B", "A"]);
      // No item_id of another cart is ever sent.
      expect(result.commands).toEqual([
        { type: "update", cartItem: { sku: "B", qty: 1, quoteId: CART } },
        { type: "update", cartItem: { sku: "A", qty: 1, quoteId: CART } },
      ]);
    },
  );
});

describe("quantity mismatch", () => {
  it.each(SETTINGS)("server copy adopted only when local changes are allowed (%s)", (_, settings) => {
    const result = mergeCarts([synced(1, "A", 2)], [server(1, "A", 5)], { ...settings, cartId: CART });
    expect(result.differences).toMatchObject([
      { party: "server", status: "wrong-qty", clientQty: 2, serverQty: 5 },
    ]);
    if (settings.serverSyncCanModifyLocalItems) {
      expect(result.items[0]!.qty).toBe(5);
      expect(result.commands).toEqual([]);
    } else {
      expect(result.items[0]!.qty).toBe(2);
      expect(result.commands).toEqual([
        { type: "update", cartItem: { sku: "A", qty: 2, item_id: 1, quoteId: CART } },
      ]);
    }
  });

  it.each(SETTINGS)("a forced client state pushes the client quantity (%s)", (_, settings) => {
    const result = mergeCarts([synced(1, "A", 2)], [server(1, "A", 5)], {
      ...settings,
      cartId: CART,
      forceClientState: true,
    });
    expect(result.items[0]!.qty).toBe(2);
    expect(result.commands).toEqual([
      { type: "update", cartItem: { sku: "A", qty: 2, item_id: 1, quoteId: CART } },
    ]);
  });

  it.each(SETTINGS)("the client line takes the server ids when both agree (%s)", (_, settings) => {
    const result = mergeCarts([{ sku: "A", qty: 3 }], [server(7, "A", 3)], { ...settings, cartId: CART });
    expect(result.items).toEqual([
      { sku: "A", qty: 3, item_id: 7, server_item_id: 7, server_cart_id: CART, quote_id: CART },
    ]);
    expect(result.commands).toEqual([]);
    expect(result.differences).toEqual([]);
  });
});

describe("login merge (mergeQty)", () => {
  it.each(SETTINGS)("sums a guest line into the customer's line once (%s)", (_, settings) => {
    const guestLine: CartItem = { ...synced(3, "A", 1), server_cart_id: "guest" };
    const first = mergeCarts([guestLine], [server(8, "A", 2)], { ...settings, cartId: CART, mergeQty: true });
    expect(first.items[0]).toMatchObject({ qty: 3, server_cart_id: CART, server_item_id: 8 });
    expect(first.commands).toEqual([
      { type: "update", cartItem: { sku: "A", qty: 3, item_id: 8, quoteId: CART } },
    ]);
    // The server took 3: merging again (a reload, a second login event) changes nothing.
    const again = mergeCarts(first.items, [server(8, "A", 3)], { ...settings, cartId: CART, mergeQty: true });
    expect(again.items).toEqual(first.items);
    expect(again.commands).toEqual([]);
  });

  it.each(SETTINGS)("never sums a line this cart already holds: no doubling (%s)", (_, settings) => {
    const result = mergeCarts([synced(1, "A", 2)], [server(1, "A", 2)], {
      ...settings,
      cartId: CART,
      mergeQty: true,
    });
    expect(result.items[0]!.qty).toBe(2);
    expect(result.commands).toEqual([]);
  });
});

describe("server line missing on the client", () => {
  it.each(SETTINGS)("added locally without a server call (%s)", (_, settings) => {
    const result = mergeCarts([], [server(4, "B", 2, size("102"))], { ...settings, cartId: CART });
    expect(result.commands).toEqual([]);
    expect(result.items).toEqual([
      {
        sku: "B",
        qty: 2,
        type_id: "configurable",
        checksum: productOptionChecksum(size("102")),
        item_id: 4,
        server_item_id: 4,
        server_cart_id: CART,
        quote_id: CART,
        product_option: size("102"),
      },
    ]);
    expect(result.added).toEqual(result.items);
    expect(result.differences).toMatchObject([{ party: "client", status: "no-item", serverQty: 2 }]);
  });

  it.each(SETTINGS)("deleted on the server when the client state is forced (%s)", (_, settings) => {
    const result = mergeCarts([], [server(4, "B", 2)], { ...settings, cartId: CART, forceClientState: true });
    expect(result.items).toEqual([]);
    expect(result.commands).toEqual([{ type: "delete", cartItem: { item_id: 4, sku: "B", quoteId: CART } }]);
  });

  it.each(SETTINGS)(
    "a line deleted locally never comes back: it is deleted on the server (%s)",
    (_, settings) => {
      const deleted = [
        { sku: "B", checksum: productOptionChecksum(undefined), server_item_id: 4, server_cart_id: CART },
      ];
      const result = mergeCarts([], [server(4, "B", 2)], { ...settings, cartId: CART, deleted });
      expect(result.items).toEqual([]);
      expect(result.commands).toEqual([
        { type: "delete", cartItem: { item_id: 4, sku: "B", quoteId: CART } },
      ]);
      expect(result.differences).toMatchObject([{ party: "client", status: "deleted-locally" }]);
      expect(result.deleted).toEqual(deleted);
      // Once the server confirms, the tombstone has nothing left to match and is dropped.
      expect(mergeCarts([], [], { ...settings, cartId: CART, deleted }).deleted).toEqual([]);
    },
  );

  it.each(SETTINGS)(
    "a tombstone of a confirmed line does not kill a later re-add elsewhere (%s)",
    (_, settings) => {
      const deleted = [
        { sku: "B", checksum: productOptionChecksum(undefined), server_item_id: 4, server_cart_id: CART },
      ];
      const result = mergeCarts([], [server(11, "B", 1)], { ...settings, cartId: CART, deleted });
      expect(result.items.map((i) => i.server_item_id)).toEqual([11]);
      expect(result.commands).toEqual([]);
    },
  );

  it.each(SETTINGS)("re-adding a removed line voids its tombstone (%s)", (_, settings) => {
    const deleted = [{ sku: "B", checksum: productOptionChecksum(undefined) }];
    const result = mergeCarts([{ sku: "B", qty: 1 }], [server(4, "B", 1)], {
      ...settings,
      cartId: CART,
      deleted,
    });
    expect(result.items).toHaveLength(1);
    expect(result.commands).toEqual([]);
    expect(result.deleted).toEqual([]);
  });
});

describe("quantities no update may carry", () => {
  it.each(SETTINGS)("are never sent: the server's line is adopted, or the line goes (%s)", (_, settings) => {
    const result = mergeCarts([synced(1, "A", 0), { sku: "B", qty: -2 }], [server(1, "A", 4)], {
      ...settings,
      cartId: CART,
      forceClientState: true,
      mergeQty: true,
    });
    expect(result.items.map((i) => [i.sku, i.qty])).toEqual([["A", 4]]);
    expect(result.commands).toEqual([]);
  });
});

describe("dry run and duplicates", () => {
  it.each(SETTINGS)("a dry run only records differences (%s)", (_, settings) => {
    const client = [synced(1, "A", 2), synced(2, "C", 1)];
    const deleted = [{ sku: "D", checksum: productOptionChecksum(undefined) }];
    const result = mergeCarts(client, [server(1, "A", 5), server(3, "B", 1), server(4, "D", 1)], {
      ...settings,
      cartId: CART,
      dryRun: true,
      forceClientState: true,
      deleted,
    });
    expect(result.items).toEqual(client);
    expect(result.commands).toEqual([]);
    expect(result.added).toEqual([]);
    expect(result.deleted).toEqual(deleted);
    expect(result.differences.map((d) => `${d.party}:${d.sku}:${d.status}`)).toEqual([
      "server:A:wrong-qty",
      "server:C:no-item",
      "client:B:no-item",
      "client:D:deleted-locally",
    ]);
  });

  it("collapses duplicate lines: the client keeps the first, the server deletes the extra", () => {
    const result = mergeCarts(
      [synced(1, "A", 2), { sku: "A", qty: 9 }],
      [server(1, "A", 2), server(5, "A", 2)],
      { ...SETTINGS[0]![1], cartId: CART },
    );
    expect(result.items).toEqual([{ ...synced(1, "A", 2), quote_id: CART }]);
    expect(result.commands).toEqual([{ type: "delete", cartItem: { item_id: 5, sku: "A", quoteId: CART } }]);
  });
});
