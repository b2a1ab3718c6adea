import { randomBytes } from "node:crypto";
import { orderAddressLines, paymentMethodTitle } from "@etalage/core";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders } from "../../db/schema.ts";
import type { OrderPickup } from "../../db/schema-orders.ts";
import type { MailRequest } from "../../providers/mail/outbox.ts";
import { STORES } from "../stores/index.ts";
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
/** Subtotal, shipping and discount as the order's totals name them: with the total they add up. */
function amountsOf(totals: Record<string, unknown>): { label: string; value: number }[] {
  const segments = (totals.total_segments ?? []) as { code: string; title: string; value: number }[];
  return segments
    .filter((s) => s.code === "subtotal" || s.code === "shipping" || s.code === "discount")
    .map((s) => ({ label: s.title, value: s.value }));
}

const WEEKDAYS = ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"];

/** A pick-up place for the mail: a store with its address and opening hours, a PostNL point with its address. */
function pickupOf(pickup: OrderPickup) {
  const lines = [pickup.name, pickup.street, `${pickup.postcode} ${pickup.city}`];
  if (pickup.kind !== "store") return { title: "Afhalen bij een PostNL-punt", lines, hours: [] };
  const store = STORES.find((s) => s.id === pickup.code);
  const hours = (store?.opening_hours ?? []).map(
    (h) => `${WEEKDAYS[h.day - 1]}: ${h.open && h.close ? `${h.open}–${h.close}` : "gesloten"}`,
  );
  return { title: "Afhalen in de winkel", lines, hours };
}

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
      orderId,
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
        totals: amountsOf(order.totals),
        vat: Number((order.totals as { tax_amount?: number }).tax_amount ?? 0),
        grandTotal: order.grandTotal,
        // Cash on delivery of a store pick-up is paid at the store's till.
        paymentMethod:
          order.paymentMethod === "cashondelivery" && order.pickup?.kind === "store"
            ? "Betalen in de winkel"
            : paymentMethodTitle(order.paymentMethod),
        pickup: order.pickup ? pickupOf(order.pickup) : null,
        withdrawalUrl: `${publicUrl}/algemene-voorwaarden#herroepingsrecht`,
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
