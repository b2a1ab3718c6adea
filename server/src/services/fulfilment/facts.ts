import {
  type Destination,
  type FulfilmentFacts,
  type FulfilmentPayment,
  isOnlinePayment,
  type OrderState,
  toMinorUnits,
} from "@etalage/core";
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  orderItems,
  orderRefunds,
  orders,
  paymentModifications,
  payments,
  shipments,
} from "../../db/schema.ts";

export type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export interface LockedOrder {
  order: OrderRow;
  items: (typeof orderItems.$inferSelect)[];
  /** The attempt that paid the order, if any. */
  attempt: PaymentRow | undefined;
  facts: FulfilmentFacts;
}

/** The order's payment for fulfilment: cash on delivery is offline; online, the paying attempt. */
function paymentOf(order: OrderRow, attempt: PaymentRow | undefined): FulfilmentPayment {
  if (!isOnlinePayment(order.paymentMethod)) return "offline";
  if (!attempt) return "unpaid";
  return attempt.status === "reversed"
    ? "reversed"
    : attempt.status === "authorised"
      ? "authorised"
      : "unpaid";
}

/**
 * Locks the order (then its paying attempt: the order payments lock in) and reads what core's
 * rules decide on: shipped and refunded units per line, what was paid and is being refunded.
 */
export async function lockOrder(tx: Db, orderNumber: string): Promise<LockedOrder | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.incrementId, orderNumber)).for("update");
  if (!order) return undefined;
  const [attempt] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.paysOrder, true)))
    .orderBy(desc(payments.id))
    .limit(1)
    .for("update");
  const [items, parcels, refunds, live] = await Promise.all([
    tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    tx.select().from(shipments).where(eq(shipments.orderId, order.id)),
    tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), ne(orderRefunds.status, "failed"))),
    attempt
      ? tx
          .select()
          .from(paymentModifications)
          .where(
            and(
              eq(paymentModifications.paymentId, attempt.id),
              inArray(paymentModifications.kind, ["refund", "cancel", "reversal"]),
              inArray(paymentModifications.status, ["requested", "received"]),
            ),
          )
      : Promise.resolve([]),
  ]);
  const shipped = new Map<number, number>();
  for (const p of parcels)
    for (const l of p.lines) shipped.set(l.itemId, (shipped.get(l.itemId) ?? 0) + l.qty);
  const refunded = new Map<number, number>();
  for (const r of refunds)
    for (const l of r.lines) refunded.set(l.itemId, (refunded.get(l.itemId) ?? 0) + l.qty);
  const inFlight = live.filter((m) => m.kind === "refund").reduce((sum, m) => sum + (m.amountCents ?? 0), 0);
  const payment = paymentOf(order, attempt);
  const shippingIncl = (order.totals as { shipping_incl_tax?: number }).shipping_incl_tax ?? 0;
  return {
    order,
    items,
    attempt,
    facts: {
      status: order.status as OrderState,
      payment,
      paidCents: attempt && payment !== "unpaid" ? attempt.amountCents : 0,
      refundedCents: attempt ? attempt.refundedCents + inFlight : 0,
      cancelling: live.some((m) => m.kind !== "refund"),
      shippingCents: toMinorUnits(shippingIncl),
      shippingRefunded: refunds.some((r) => r.shipping),
      delivered: order.deliveredAt !== null,
      lines: items.map((i) => ({
        id: i.id,
        qty: i.qty,
        amountCents: toMinorUnits(i.rowTotalInclTax) - toMinorUnits(i.discountAmount),
        shipped: shipped.get(i.id) ?? 0,
        refunded: refunded.get(i.id) ?? 0,
      })),
    },
  };
}

/** Where the parcel goes: a pick-up order to its point (or store), else to the shipping address. */
export function destinationOf(order: OrderRow): Destination {
  if (order.pickup) return { postcode: order.pickup.postcode, countryId: "NL" };
  const address = order.shippingAddress ?? order.billingAddress;
  return { postcode: address.postcode, countryId: address.country_id };
}
