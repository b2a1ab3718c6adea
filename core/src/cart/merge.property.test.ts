import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ProductOption } from "../catalog/types.ts";
import { cartLineKey, productOptionChecksum } from "./checksum.ts";
import { applyServerItem, type DeletedLine } from "./local-changes.ts";
import { type MergeOptions, mergeCarts, type ServerCommand } from "./merge.ts";
import { isValidLineQty } from "./quantity.ts";
import type { CartItem, ServerCartItem } from "./types.ts";

const CART = "cart-1";
const SKUS = ["A", "B", "C"] as const;
const SIZES = [undefined, "101", "102"] as const;
const optionOf = (size: string | undefined): ProductOption | undefined =>
  size
    ? { extension_attributes: { configurable_item_options: [{ option_id: "144", option_value: size }] } }
    : undefined;

const identity = fc.record({ sku: fc.constantFrom(...SKUS), size: fc.constantFrom(...SIZES) });
const withOption = <T extends object>(base: T, size: string | undefined) => {
  const option = optionOf(size);
  return option ? { ...base, product_option: option } : base;
};

/** Server carts: item ids unique; an identity may (rarely) repeat, as a foreign backend might. */
const serverCart = fc
  .array(fc.record({ id: identity, qty: fc.integer({ min: 1, max: 5 }) }), { maxLength: 6 })
  .map((lines) =>
    lines.map(
      (l, i): ServerCartItem =>
        withOption(
          { item_id: 100 + i, quote_id: CART, sku: l.id.sku, qty: l.qty, product_type: "simple" as const },
          l.id.size,
        ),
    ),
  );

/** Client lines: confirmed by this cart, by another cart, or never; identities may repeat. */
const clientCart = fc
  .array(
    fc.record({
      id: identity,
      // Mostly valid; now and then a quantity no update may carry (a corrupt or edited store).
      qty: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 5 }) }, fc.constantFrom(0, -1, 1.5)),
      origin: fc.constantFrom("this", "other", "none"),
      itemId: fc.integer({ min: 100, max: 106 }),
    }),
    { maxLength: 6 },
  )
  .map((lines) =>
    lines.map((l): CartItem => {
      const base: CartItem = { sku: l.id.sku, qty: l.qty, name: `${l.id.sku} ${l.id.size ?? ""}` };
      if (l.origin !== "none") {
        base.server_item_id = l.itemId;
        base.item_id = l.itemId;
        base.server_cart_id = l.origin === "this" ? CART : "other-cart";
      }
      return withOption(base, l.id.size);
    }),
  );

const tombstones = fc
  .array(
    fc.record({ id: identity, itemId: fc.option(fc.integer({ min: 100, max: 106 }), { nil: undefined }) }),
    { maxLength: 3 },
  )
  .map((list) =>
    list.map((t): DeletedLine => {
      const line: DeletedLine = { sku: t.id.sku, checksum: productOptionChecksum(optionOf(t.id.size)) };
      if (t.itemId !== undefined) Object.assign(line, { server_item_id: t.itemId, server_cart_id: CART });
      return line;
    }),
  );

const mergeOptions = fc.record({
  serverSyncCanRemoveLocalItems: fc.boolean(),
  serverSyncCanModifyLocalItems: fc.boolean(),
  forceClientState: fc.boolean(),
  mergeQty: fc.boolean(),
});

/** The server cart's semantics (server/src/services/cart): item_id sets a line, no id adds to it. */
function applyCommands(server: readonly ServerCartItem[], commands: readonly ServerCommand[]) {
  let lines = server.map((l) => ({ ...l }));
  let nextId = 1000;
  const answers: ServerCartItem[] = [];
  for (const command of commands) {
    if (command.type === "delete") {
      lines = lines.filter((l) => l.item_id !== command.cartItem.item_id);
      continue;
    }
    const { cartItem } = command;
    const key = cartLineKey(cartItem);
    const target =
      cartItem.item_id !== undefined
        ? lines.find((l) => l.item_id === cartItem.item_id)
        : lines.find((l) => cartLineKey(l) === key);
    if (target && cartItem.item_id !== undefined) target.qty = cartItem.qty;
    else if (target) target.qty += cartItem.qty;
    else {
      const line: ServerCartItem = withOption(
        {
          item_id: nextId++,
          quote_id: CART,
          sku: cartItem.sku,
          qty: cartItem.qty,
          product_type: "simple" as const,
        },
        undefined,
      );
      if (cartItem.product_option) line.product_option = cartItem.product_option;
      lines.push(line);
    }
    answers.push(target ?? lines.at(-1)!);
  }
  return { lines, answers };
}

function firstByKey<T extends { sku: string; product_option?: ProductOption }>(
  list: readonly T[],
): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of list) if (!map.has(cartLineKey(item))) map.set(cartLineKey(item), item);
  return map;
}

function syncRound(client: CartItem[], server: ServerCartItem[], options: MergeOptions) {
  const first = mergeCarts(client, server, options);
  const { lines, answers } = applyCommands(server, first.commands);
  let items = first.items;
  for (const answer of answers) items = applyServerItem(items, answer, CART);
  return { first, lines, items };
}

const RUNS = { numRuns: 400 };

describe("mergeCarts properties", () => {
  it("merging twice changes nothing the second time", () => {
    fc.assert(
      fc.property(clientCart, serverCart, tombstones, mergeOptions, (client, server, deleted, settings) => {
        const options = { ...settings, cartId: CART, deleted };
        const { first, lines, items } = syncRound(client, server, options);
        const second = mergeCarts(items, lines, { ...options, deleted: first.deleted });
        expect(second.items).toEqual(items);
        expect(second.commands).toEqual([]);
        expect(second.differences).toEqual([]);
      }),
      RUNS,
    );
  });

  it("client and server converge: same lines, same quantities", () => {
    fc.assert(
      fc.property(clientCart, serverCart, tombstones, mergeOptions, (client, server, deleted, settings) => {
        const { lines, items } = syncRound(client, server, { ...settings, cartId: CART, deleted });
        const onServer = lines.map((l) => [cartLineKey(l), l.qty]).sort();
        const onClient = items.map((l) => [cartLineKey(l), l.qty]).sort();
        expect(onClient).toEqual(onServer);
      }),
      RUNS,
    );
  });

  it("no line is ever duplicated, on either side", () => {
    fc.assert(
      fc.property(clientCart, serverCart, tombstones, mergeOptions, (client, server, deleted, settings) => {
        const { first, lines } = syncRound(client, server, { ...settings, cartId: CART, deleted });
        const keys = first.items.map(cartLineKey);
        expect(new Set(keys).size).toBe(keys.length);
        const serverKeys = lines.map(cartLineKey);
        expect(new Set(serverKeys).size).toBe(serverKeys.length);
      }),
      RUNS,
    );
  });

  it("no line present on either side disappears unless a rule removes it", () => {
    fc.assert(
      fc.property(clientCart, serverCart, tombstones, mergeOptions, (client, server, deleted, settings) => {
        const options = { ...settings, cartId: CART, deleted };
        const result = mergeCarts(client, server, options);
        const kept = new Set(result.items.map(cartLineKey));
        const clientLines = firstByKey(client);
        const serverLines = firstByKey(server);
        for (const [key, line] of clientLines) {
          if (kept.has(key)) continue;
          expect(serverLines.has(key)).toBe(false);
          // Rule: a quantity that cannot be sent; or a line this cart confirmed, gone from the
          // server, removal allowed, not forced.
          if (isValidLineQty(line.qty)) {
            expect(settings.serverSyncCanRemoveLocalItems && !settings.forceClientState).toBe(true);
            expect(line.server_cart_id).toBe(CART);
          }
        }
        for (const [key, line] of serverLines) {
          if (kept.has(key)) continue;
          // Rule: forced client state, or a line the shopper removed locally.
          const deletedCommand = result.commands.some(
            (c) => c.type === "delete" && c.cartItem.item_id === line.item_id,
          );
          expect(deletedCommand).toBe(true);
          expect(
            settings.forceClientState || result.differences.some((d) => d.status === "deleted-locally"),
          ).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("never doubles a quantity: a line is the client's, the server's, or one login sum", () => {
    fc.assert(
      fc.property(clientCart, serverCart, tombstones, mergeOptions, (client, server, deleted, settings) => {
        const result = mergeCarts(client, server, { ...settings, cartId: CART, deleted });
        const clientLines = firstByKey(client);
        const serverLines = firstByKey(server);
        for (const line of result.items) {
          const key = cartLineKey(line);
          const c = clientLines.get(key);
          const s = serverLines.get(key);
          const allowed = new Set<number>();
          if (c) allowed.add(c.qty);
          if (s) allowed.add(s.qty);
          if (c && s && !isValidLineQty(c.qty)) allowed.delete(c.qty);
          if (c && s && settings.mergeQty && isValidLineQty(c.qty) && c.server_cart_id !== CART) {
            allowed.clear();
            allowed.add(c.qty + s.qty);
          }
          expect(allowed.has(line.qty)).toBe(true);
        }
        for (const command of result.commands) {
          if (command.type !== "update") continue;
          expect(isValidLineQty(command.cartItem.qty)).toBe(true);
          const line = result.items.find((i) => cartLineKey(i) === cartLineKey(command.cartItem));
          expect(command.cartItem.qty).toBe(line?.qty);
        }
      }),
      RUNS,
    );
  });

  it("a cart merged with its own synced copy stays as it is, login merge included", () => {
    fc.assert(
      fc.property(serverCart, mergeOptions, (server, settings) => {
        const unique = [...firstByKey(server).values()];
        const client = unique
          .map((s) =>
            withOption(
              {
                sku: s.sku,
                qty: s.qty,
                item_id: s.item_id,
                server_item_id: s.item_id,
                server_cart_id: CART,
                quote_id: CART,
              },
              undefined,
            ),
          )
          .map((c, i) =>
            unique[i]!.product_option ? { ...c, product_option: unique[i]!.product_option } : c,
          );
        const result = mergeCarts(client, unique, { ...settings, cartId: CART });
        expect(result.items).toEqual(client);
        expect(result.commands).toEqual([]);
      }),
      RUNS,
    );
  });

  it("a line deleted locally never comes back from the server", () => {
    fc.assert(
      fc.property(clientCart, serverCart, tombstones, mergeOptions, (client, server, deleted, settings) => {
        const { items } = syncRound(client, server, { ...settings, cartId: CART, deleted });
        const clientKeys = new Set(client.map(cartLineKey));
        for (const t of deleted) {
          const key = `${t.sku}\u0000${t.checksum}`;
          if (clientKeys.has(key)) continue; // re-added by the shopper
          const back = items.filter((i) =>
            t.server_item_id !== undefined
              ? i.server_item_id === t.server_item_id && !clientKeys.has(cartLineKey(i))
              : cartLineKey(i) === key,
          );
          expect(back).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it("a dry run never changes the client or calls the server", () => {
    fc.assert(
      fc.property(clientCart, serverCart, tombstones, mergeOptions, (client, server, deleted, settings) => {
        const result = mergeCarts(client, server, { ...settings, cartId: CART, deleted, dryRun: true });
        expect(result.items).toEqual(client);
        expect(result.commands).toEqual([]);
        expect(result.added).toEqual([]);
      }),
      RUNS,
    );
  });
});
