import { mayMoveOrder, type OrderState, releasesStock } from "@etalage/core";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders } from "../../db/schema.ts";
import { giveBackStock } from "../stock.ts";
import { moveEventType, type OrderActor, recordOrderEvent } from "./events.ts";
import type { OrderRow } from "./read.ts";
import type { OrderConfirmedHook } from "./types.ts";

export type MoveResult = { ok: true; order: OrderRow } | { ok: false; code: 404 | 409; message: string };

/** Gives an order's stock back, rows locked in sku order as placement locks them. */
async function releaseStock(tx: Db, orderId: number): Promise<void> {
  const lines = await tx
    .select({ stock: orderItems.stock })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const back = new Map<string, number>();
  for (const line of lines) for (const s of line.stock) back.set(s.sku, (back.get(s.sku) ?? 0) + s.qty);
  await giveBackStock(tx, back);
}

/**
 * Moves an order to `to` in a transaction of its own: the order row locked, the move checked
 * (core `mayMoveOrder`), the stock given back on cancel, the confirmation hook run when a pending
 * order becomes processing. `extra` sets more columns in the same write (the payment time).
 */
export async function moveOrder(
  db: Db,
  orderId: number,
  to: OrderState,
  options: {
    hooks?: readonly OrderConfirmedHook[];
    extra?: Partial<Pick<OrderRow, "paidAt">>;
    /** Move only from this state (an expiry must not cancel an order paid a moment before). */
    onlyFrom?: OrderState;
    /** Who moves it, for the order's timeline. */
    actor?: OrderActor;
    /** More facts for the timeline's event. */
    data?: Record<string, unknown>;
  } = {},
): Promise<MoveResult> {
  const { hooks = [], extra = {}, onlyFrom, actor = "shop", data = {} } = options;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, code: 404, message: "Order not found" };
    const from = order.status as OrderState;
    if (onlyFrom && from !== onlyFrom) return { ok: false, code: 409, message: `The order is ${from}` };
    if (!mayMoveOrder(from, to))
      return { ok: false, code: 409, message: `An order that is ${from} cannot become ${to}` };
    if (releasesStock(from, to)) await releaseStock(tx, order.id);
    const [moved] = await tx
      .update(orders)
      .set({ status: to, updatedAt: new Date(), ...extra })
      .where(eq(orders.id, order.id))
      .returning();
    if (from === "pending" && to === "processing") for (const hook of hooks) await hook(tx, order.id);
    await recordOrderEvent(tx, order.id, moveEventType(from, to), actor, { from, to, ...data });
    return { ok: true, order: moved! };
  });
}

/** Cancels the online orders whose payment window passed unpaid; their stock goes back. */
export async function expireUnpaidOrders(db: Db, now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.paymentExpiresAt, now)));
  let expired = 0;
  for (const { id } of due) if ((await moveOrder(db, id, "canceled", { onlyFrom: "pending" })).ok) expired++;
  return expired;
}
