import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders } from "../../db/schema.ts";
import type { MailRequest } from "../../providers/mail/outbox.ts";
import type { OrderConfirmedHook } from "./types.ts";

interface MailPort {
  enqueue(tx: Db, request: MailRequest): Promise<number>;
}

/**
 * The order confirmation (transactional §4): written to the mail outbox in the transaction that
 * confirms the order (cash on delivery at placement, an online payment when it is authorised), so
 * a confirmed order always has its mail and a rolled-back one never does.
 */
export function orderConfirmationMail(mail: MailPort, publicUrl: string): OrderConfirmedHook {
  return async (tx, orderId) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return;
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    const address = order.shippingAddress ?? order.billingAddress;
    await mail.enqueue(tx, {
      to: order.email,
      mail: {
        template: "order-confirmed",
        firstname: address.firstname,
        orderNumber: order.incrementId,
        lines: items.map((item) => ({
          name: item.name,
          qty: item.qty,
          rowTotal: item.rowTotalInclTax,
          options: item.options,
        })),
        shipping: order.pickup
          ? `${order.shippingTitle ?? ""}: ${order.pickup.name}`
          : (order.shippingTitle ?? ""),
        grandTotal: order.grandTotal,
        orderUrl:
          order.customerId === null
            ? null
            : `${publicUrl}/my-account/orders/${encodeURIComponent(order.incrementId)}`,
      },
    });
  };
}
