import {
  applyServerItem,
  type CartItem,
  cartItemsHash,
  type LocalCart,
  type MergeOptions,
  mergeCarts,
  removeLine,
  type ServerCartItem,
  type ServerCommand,
} from "@etalage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CartFixtures, cartClient, cartFixtures } from "./helpers/cart-fixtures.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * The core merge rules against the real server cart: what a client store will do, end to end.
 * Each sync pulls, merges, sends the commands and applies the server's answers.
 */
let server: TestServer;
let f: CartFixtures;
let cart: ReturnType<typeof cartClient>;

/** A customer of this run only: a PostgreSQL test database may keep carts of earlier runs. */
const DIRK = 100_000 + Math.floor(Math.random() * 1_000_000_000);
const SETTINGS = { serverSyncCanRemoveLocalItems: false, serverSyncCanModifyLocalItems: true };

beforeAll(async () => {
  server = await startTestServer({ storefront: false });
  server.services.customerTokens = {
    verify: async (token) => (token === "token-dirk" ? { customerId: DIRK } : null),
  };
  f = await cartFixtures(server);
  cart = cartClient(server);
});
afterAll(() => server?.close());

async function run(cartId: string, commands: readonly ServerCommand[], init?: RequestInit) {
  const answers: ServerCartItem[] = [];
  for (const command of commands) {
    const res =
      command.type === "update"
        ? await cart.update(cartId, { ...command.cartItem }, init)
        : await cart.delete(cartId, { ...command.cartItem }, init);
    expect(res.status).toBe(200);
    if (command.type === "update") answers.push(res.body.result);
  }
  return answers;
}

/** One sync as the client store runs it; returns the new local cart and what was sent. */
async function sync(
  local: LocalCart,
  cartId: string,
  options: Partial<MergeOptions> = {},
  init?: RequestInit,
) {
  const pulled = await cart.pull(cartId, init);
  const result = mergeCarts(local.items, pulled.body.result, {
    ...SETTINGS,
    cartId,
    deleted: local.deleted,
    ...options,
  });
  let items = result.items;
  for (const answer of await run(cartId, result.commands, init))
    items = applyServerItem(items, answer, cartId);
  return { local: { items, deleted: result.deleted }, commands: result.commands };
}

describe("client merge with the server cart", () => {
  it("pushes new lines, adopts the server's, and the second sync sends nothing", async () => {
    const cartId = await cart.create();
    await cart.update(cartId, { sku: f.simple2.sku, qty: 2 }); // another tab added this
    const local: LocalCart = { items: [{ sku: f.simple.sku, qty: 3 }], deleted: [] };
    const first = await sync(local, cartId, { forceClientState: false });
    expect(first.commands).toHaveLength(1);
    expect(first.local.items.map((i) => [i.sku, i.qty])).toEqual([
      [f.simple.sku, 3],
      [f.simple2.sku, 2],
    ]);
    const second = await sync(first.local, cartId);
    expect(second.commands).toEqual([]);
    expect(cartItemsHash(second.local.items)).toBe(cartItemsHash(first.local.items));
    expect((await cart.lines(cartId)).map((l) => [l.sku, l.qty])).toEqual([
      [f.simple2.sku, 2],
      [f.simple.sku, 3],
    ]);
  });

  it("a line removed locally is deleted on the server and never comes back", async () => {
    const cartId = await cart.create();
    const synced = await sync(
      {
        items: [
          { sku: f.simple.sku, qty: 1 },
          { sku: f.simple2.sku, qty: 1 },
        ],
        deleted: [],
      },
      cartId,
    );
    const removed = removeLine(synced.local, { sku: f.simple.sku });
    const next = await sync(removed, cartId);
    expect(next.commands.map((c) => c.type)).toEqual(["delete"]);
    expect(next.local.items.map((i) => i.sku)).toEqual([f.simple2.sku]);
    const again = await sync(next.local, cartId);
    expect(again.local.items.map((i) => i.sku)).toEqual([f.simple2.sku]);
    expect(again.local.deleted).toEqual([]);
    expect((await cart.lines(cartId)).map((l) => l.sku)).toEqual([f.simple2.sku]);
  });

  it("login merge sums a guest line into the customer's cart once: no doubling on the next sync", async () => {
    const dirk = { headers: { authorization: "Bearer token-dirk" } };
    const customerCart = await cart.create(dirk);
    await cart.update(customerCart, { sku: f.simple.sku, qty: 2 }, dirk); // from an earlier visit
    const guestCart = await cart.create();
    const guest = await sync({ items: [{ sku: f.simple.sku, qty: 1 }], deleted: [] }, guestCart);
    expect(guest.local.items[0]).toMatchObject({ server_cart_id: guestCart, qty: 1 });

    const login = await sync(guest.local, customerCart, { mergeQty: true }, dirk);
    expect(login.local.items.map((i: CartItem) => [i.sku, i.qty, i.server_cart_id])).toEqual([
      [f.simple.sku, 3, customerCart],
    ]);
    const reload = await sync(login.local, customerCart, { mergeQty: true }, dirk);
    expect(reload.commands).toEqual([]);
    expect((await cart.pull(customerCart, dirk)).body.result.map((l: ServerCartItem) => l.qty)).toEqual([3]);
  });
});
