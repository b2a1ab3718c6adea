import { randomBytes } from "node:crypto";
import { orderAddressLines, paymentMethodTitle } from "@etalage/core";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders } from "../../db/schema.ts";
import type { MailRequest } from "../../providers/mail/outbox.ts";
import { hashToken } from "./place.ts";
import type { OrderConfirmedHook } from "./types.ts";

interface MailPort {
  enqueue(tx: Db, request: MailRequest): Promise<number>;
}

/**
 * The order confirmation (transactional §4): written to the mail outbox in the transaction that
 * confirms the order (cash on delivery at placement, an online payment when it is authorised), so
 * a confirmed order always has its mail and a rolled-back one never does. A guest's mail links to
 * the order's status page with a token of its own, minted here and kept hashed: the order's own
 * token is known only to the checkout that placed it (an online payment confirms later, in a
 * webhook). docs/decisions/0026.
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
    let statusUrl: string | null = null;
    if (order.customerId === null) {
      const token = randomBytes(24).toString("base64url");
      await tx
        .update(orders)
        .set({ statusTokenHash: hashToken(token) })
        .where(eq(orders.id, orderId));
      statusUrl = `${publicUrl}/bestelling/${encodeURIComponent(order.incrementId)}?token=${token}`;
    }
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
        paymentMethod: paymentMethodTitle(order.paymentMethod),
        // A pick-up order's address is where the shopper lives, not where the parcel goes.
        shippingAddress:
          order.shippingAddress && !order.pickup ? orderAddressLines(order.shippingAddress) : null,
        billingAddress: orderAddressLines(order.billingAddress),
        statusUrl,
        orderUrl:
          order.customerId === null
            ? null
            : `${publicUrl}/my-account/orders/${encodeURIComponent(order.incrementId)}`,
      },
    });
  };
}
