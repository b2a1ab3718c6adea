import type { Db } from "../../db/client.ts";
import { runIdempotent, type StoredAnswer } from "../idempotency.ts";
import { type CartResult, CartRollback, fail, success } from "./errors.ts";
import { type CartCaller, type CartRow, lockCart } from "./owner.ts";

/** Takes the cart's row lock (see `lockCart`) and answers the cart with whatever else it read. */
export type CartLock<L extends { cart: CartRow }> = (
  tx: Db,
  cartId: string,
  caller: CartCaller,
) => Promise<CartResult<L>>;

async function defaultLock(tx: Db, cartId: string, caller: CartCaller) {
  const cart = await lockCart(tx, cartId, caller);
  return cart.ok ? success({ cart: cart.value }) : cart;
}

export interface WriteContext {
  cartId: string;
  caller: CartCaller;
  /** Names the endpoint in the idempotency scope: a key used on update is not one on delete. */
  operation: string;
  idempotency?: { key: string; request: unknown };
}

/** What the route sends: the stored or fresh envelope, and whether it is a replay. */
export interface WriteAnswer extends StoredAnswer {
  replayed: boolean;
}

/**
 * One cart write: a transaction that locks the cart row first (`lockCart`), so writes to one cart run one at
 * a time (20 concurrent adds make one line with the summed quantity), then claims the
 * Idempotency-Key, then runs `work`. A business error from `work` rolls everything back, so a
 * refused request changes nothing, not even the key.
 */
export async function cartWrite<T, L extends { cart: CartRow } = { cart: CartRow }>(
  db: Db,
  context: WriteContext,
  work: (tx: Db, cart: CartRow, locked: L) => Promise<CartResult<T>>,
  /** Locks the cart and may read more in the same round trip (the update path reads lines and stock). */
  lock?: CartLock<L>,
): Promise<CartResult<WriteAnswer>> {
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const locked = lock
        ? await lock(tx, context.cartId, context.caller)
        : await defaultLock(tx, context.cartId, context.caller);
      if (!locked.ok) throw new CartRollback(locked);

      const run = async (): Promise<StoredAnswer> => {
        const result = await work(tx, locked.value.cart, locked.value as L);
        if (!result.ok) throw new CartRollback(result);
        return { code: 200, body: { code: 200, result: result.value } };
      };

      if (!context.idempotency) return success({ ...(await run()), replayed: false });
      const outcome = await runIdempotent(
        tx,
        {
          scope: `cart:${context.cartId}:${context.operation}`,
          key: context.idempotency.key,
          request: context.idempotency.request,
        },
        run,
      );
      if (outcome.kind === "conflict") {
        throw new CartRollback(
          fail(409, "this key was already used for another request", "headers.idempotency-key"),
        );
      }
      return success({ ...outcome.answer, replayed: outcome.kind === "replayed" });
    });
  } catch (error) {
    if (error instanceof CartRollback) return error.failure;
    throw error;
  }
}
