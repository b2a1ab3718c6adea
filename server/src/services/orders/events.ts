import { isWebhookEventType } from "@etalage/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type OrderEventType, orderEvents, orderRefunds } from "../../db/schema.ts";
import { settleReturnRefund } from "../returns/settle.ts";
import { sendOrderWebhook } from "../webhooks/outbox.ts";

/**
 * Who changed an order: the warehouse or the operator through the admin API, a staff member in the
 * back office (`staff:<email>`), a payment notification, the shop itself.
 */
export type OrderActor = "admin-api" | "payment" | "shop" | `staff:${string}`;

/**
 * Writes one step of an order's timeline in the caller's transaction: the one place an order's
 * change is recorded, so the change, its event and (for the public events: placed, paid, shipped,
 * cancelled, refunded) its outgoing webhooks commit together.
 */
export async function recordOrderEvent(
  tx: Db,
  orderId: number,
  type: OrderEventType,
  actor: OrderActor,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, type, actor, data });
  if (isWebhookEventType(type)) await sendOrderWebhook(tx, type, orderId);
}

/** The event a status move tells: paid, cancelled, or another move. */
export function moveEventType(from: string, to: string): OrderEventType {
  if (from === "pending" && to === "processing") return "order.paid";
  if (to === "canceled") return "order.cancelled";
  return "order.status_changed";
}

/**
 * A refund's notification came (in the notification's transaction): the refund is settled and the
 * order's timeline says so. A later REFUND_FAILED undoes a success the same way.
 */
export async function settleOrderRefund(
  tx: Db,
  modificationId: number,
  status: "succeeded" | "failed",
  reason: string | null,
): Promise<void> {
  const [refund] = await tx
    .update(orderRefunds)
    .set({ status, settledAt: new Date() })
    .where(eq(orderRefunds.modificationId, modificationId))
    .returning();
  if (!refund) return;
  await settleReturnRefund(tx, refund.id, status === "succeeded");
  await recordOrderEvent(
    tx,
    refund.orderId,
    status === "succeeded" ? "order.refunded" : "order.refund_failed",
    "payment",
    {
      refundId: refund.id,
      amountCents: refund.amountCents,
      lines: refund.lines,
      shipping: refund.shipping,
      ...(reason ? { reason } : {}),
    },
  );
}
