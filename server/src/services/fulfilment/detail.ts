import { decideFulfilment, type FulfilmentAction, leftToRefund, leftToShip } from "@etalage/core";
import { asc, eq, inArray, like, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailOutbox, orderEvents, orderRefunds, paymentNotifications, payments } from "../../db/schema.ts";
import type { OrderService } from "../orders/index.ts";
import type { PaymentService } from "../payments/index.ts";
import { lockOrder } from "./facts.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

const ACTION_KINDS: readonly FulfilmentAction["kind"][] = ["ship", "cancel", "refund", "deliver"];

/**
 * One order as the back office sees it: lines with what is shipped and refunded, totals and VAT,
 * addresses, every payment attempt, modification and notification, the mails sent about it, its
 * parcels and refunds, and its timeline.
 */
export async function orderDetail(
  db: Db,
  services: { orders: OrderService; payments: PaymentService },
  orderNumber: string,
) {
  const view = await services.orders.byNumber(orderNumber);
  if (!view) return undefined;
  // The facts core decides on, read as an action reads them (a short lock, then let go).
  const locked = await db.transaction((tx) => lockOrder(tx as unknown as Db, orderNumber));
  if (!locked) return undefined;
  const { order, items, facts } = locked;
  const [attempts, refunds, events, mails, modifications, alerts] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).orderBy(asc(orderRefunds.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
    db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id)).orderBy(asc(mailOutbox.id)),
    services.payments.modifications(orderNumber),
    services.payments.alerts({ orderNumber, open: false }),
  ]);
  const psps = attempts.map((a) => a.pspReference).filter((p): p is string => p !== null);
  const notifications = await db
    .select()
    .from(paymentNotifications)
    .where(
      or(
        like(paymentNotifications.merchantReference, `${order.incrementId}-%`),
        psps.length > 0 ? inArray(paymentNotifications.pspReference, psps) : undefined,
      ),
    )
    .orderBy(asc(paymentNotifications.receivedAt));
  const factLine = new Map(facts.lines.map((l) => [l.id, l]));
  return {
    ...view,
    delivered_at: iso(order.deliveredAt),
    payment_state: facts.payment,
    paid_cents: facts.paidCents,
    refunded_cents: facts.refundedCents,
    shipping_cents: facts.shippingCents,
    shipping_refunded: facts.shippingRefunded,
    /** What core allows now (whole ship, cancel, whole refund, deliver): the page offers these only. */
    actions: ACTION_KINDS.filter((kind) => decideFulfilment(facts, { kind }).ok),
    lines: items.map((i) => {
      const line = factLine.get(i.id)!;
      return {
        id: i.id,
        sku: i.sku,
        name: i.name,
        qty: i.qty,
        price_incl_tax: i.priceInclTax,
        row_total_incl_tax: i.rowTotalInclTax,
        discount_amount: i.discountAmount,
        tax_percent: i.taxPercent,
        tax_amount: i.taxAmount,
        shipped: line.shipped,
        refunded: line.refunded,
        left_to_ship: leftToShip(line),
        left_to_refund: leftToRefund(line),
      };
    }),
    payment_attempts: attempts.map((a) => ({
      reference: a.reference,
      psp_reference: a.pspReference,
      method: a.method,
      status: a.status,
      result_code: a.resultCode,
      amount_cents: a.amountCents,
      captured_cents: a.capturedCents,
      refunded_cents: a.refundedCents,
      pays_order: a.paysOrder,
      created_at: a.createdAt.toISOString(),
    })),
    modifications: modifications.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    notifications: notifications.map((n) => ({
      event_code: n.eventCode,
      success: n.success,
      psp_reference: n.pspReference,
      merchant_reference: n.merchantReference,
      reason:
        typeof (n.body as { reason?: unknown }).reason === "string"
          ? (n.body as { reason: string }).reason
          : "",
      received_at: n.receivedAt.toISOString(),
    })),
    alerts: alerts.map((a) => ({
      kind: a.kind,
      message: a.message,
      created_at: a.createdAt.toISOString(),
      resolved_at: iso(a.resolvedAt),
    })),
    mails: mails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      template: m.template,
      status: m.status,
      created_at: m.createdAt.toISOString(),
      sent_at: iso(m.sentAt),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      status: r.status,
      amount_cents: r.amountCents,
      lines: r.lines,
      shipping: r.shipping,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
      settled_at: iso(r.settledAt),
    })),
    timeline: events.map((e) => ({
      id: e.id,
      type: e.type,
      actor: e.actor,
      data: e.data,
      at: e.createdAt.toISOString(),
    })),
  };
}
