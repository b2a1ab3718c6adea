import {
  type AuditAction,
  CARRIER_NAMES,
  type Carrier,
  decideFulfilment,
  type FulfilmentAction,
  type FulfilmentDecision,
  formatPrice,
  type LineQty,
  mayRefundCents,
  orderAddressLines,
  type StaffRole,
  t,
  trackingUrl,
} from "@etalage/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderRefunds, orders, shipments } from "../../db/schema.ts";
import type { MailRequest } from "../../providers/mail/outbox.ts";
import { runIdempotent, type StoredAnswer } from "../idempotency.ts";
import { type OrderActor, recordOrderEvent } from "../orders/events.ts";
import type { OrderService } from "../orders/index.ts";
import type { PaymentService } from "../payments/index.ts";
import { appendAudit } from "../staff/audit.ts";
import { destinationOf, type LockedOrder, lockOrder } from "./facts.ts";
import { refusalText } from "./refusals.ts";

/**
 * The back office's actions on an order (docs/decisions/0045): each in one transaction with its
 * `Idempotency-Key` (a retry answers the first answer), the order locked, core deciding, and the
 * change written with its timeline event. A payment's cancel or refund is a modification row
 * here; it is sent to Adyen after the commit, and its notification settles the order.
 */

export interface FulfilmentPorts {
  db: Db;
  orders: OrderService;
  payments: PaymentService;
  mail: { enqueue(tx: Db, request: MailRequest): Promise<number>; kick(): void };
  publicUrl: string;
  /** STAFF_REFUND_LIMIT_EUR: the largest refund a klantenservice member may give alone. */
  staffRefundLimitEur: number;
}

/**
 * Who acts: the operator or a warehouse through the admin API (`ADMIN_TOKEN`, no person behind
 * it), or a staff member signed in to the back office, whose refunds are limited by role and
 * whose every action is written to the staff audit log in the action's transaction.
 */
export type Actor =
  | { kind: "admin-api" }
  | { kind: "staff"; staffId: number; email: string; role: StaffRole; ip: string };

export const ADMIN_API: Actor = { kind: "admin-api" };

const actorName = (by: Actor): OrderActor => (by.kind === "staff" ? `staff:${by.email}` : "admin-api");

type AuditDetails = Record<string, string | number | boolean | null>;

export interface ActionResult {
  answer: StoredAnswer;
  /** A modification to send now that the transaction committed. */
  send?: number;
  mailed?: boolean;
  /** What a staff member's action writes to the audit log (with the order as its target). */
  audit?: { action: AuditAction; details: AuditDetails };
}

const euro = (cents: number) => cents / 100;

const fail = (code: number, message: string, path?: string): StoredAnswer => ({
  code,
  body: { code, result: message, ...(path ? { meta: { errors: [{ path, message }] } } : {}) },
});

const okAnswer = (result: unknown): StoredAnswer => ({ code: 200, body: { code: 200, result } });

/** A refusal of core's in Dutch, naming the field where there is one. */
function refusal(decision: Extract<FulfilmentDecision, { ok: false }>): StoredAnswer {
  return fail(decision.code, refusalText(decision.refusal, decision.params), decision.field);
}

type Work = (tx: Db, locked: LockedOrder) => Promise<ActionResult>;

/**
 * Runs `work` once per key, the order locked, in one transaction; sends what it asked after. A
 * staff member's successful action is written to the audit log in that transaction, so the
 * change and its record commit together (a replayed key writes nothing again).
 */
async function act(
  ports: FulfilmentPorts,
  by: Actor,
  orderNumber: string,
  name: string,
  key: string,
  request: unknown,
  work: Work,
): Promise<StoredAnswer> {
  let after: Omit<ActionResult, "answer"> = {};
  const outcome = await ports.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    return runIdempotent(tx, { scope: `admin:order:${orderNumber}:${name}`, key, request }, async () => {
      const locked = await lockOrder(tx, orderNumber);
      if (!locked) return fail(404, "Order not found");
      const result = await work(tx, locked);
      after = result;
      if (by.kind === "staff" && result.audit && result.answer.code === 200)
        await appendAudit(tx, {
          staffId: by.staffId,
          actor: by.email,
          action: result.audit.action,
          target: `order ${locked.order.incrementId}`,
          details: result.audit.details,
          ip: by.ip,
        });
      return result.answer;
    });
  });
  if (outcome.kind === "conflict")
    return fail(
      409,
      t("This request was already made with another body: use a new Idempotency-Key"),
      "headers.idempotency-key",
    );
  if (outcome.kind === "fresh") {
    if (after.send !== undefined) await ports.payments.send(after.send);
    if (after.mailed) ports.mail.kick();
  }
  return outcome.answer;
}

function decided(locked: LockedOrder, action: FulfilmentAction) {
  return decideFulfilment(locked.facts, action);
}

export interface ShipRequest {
  carrier: Carrier;
  trackingNumber: string;
  lines?: LineQty[];
}

export function shipOrder(
  ports: FulfilmentPorts,
  by: Actor,
  orderNumber: string,
  key: string,
  body: ShipRequest,
) {
  return act(ports, by, orderNumber, "ship", key, body, async (tx, locked) => {
    const decision = decided(locked, { kind: "ship", ...(body.lines ? { lines: body.lines } : {}) });
    if (!decision.ok) return { answer: refusal(decision) };
    if (decision.kind !== "ship") throw new Error("ship decided another action");
    const { order, items } = locked;
    const url = trackingUrl(body.carrier, body.trackingNumber, destinationOf(order));
    const [parcel] = await tx
      .insert(shipments)
      .values({
        orderId: order.id,
        carrier: body.carrier,
        trackingNumber: body.trackingNumber,
        trackingUrl: url,
        lines: decision.lines.map((l) => ({ itemId: l.id, qty: l.qty })),
      })
      .returning();
    await recordOrderEvent(tx, order.id, "order.shipped", actorName(by), {
      shipmentId: parcel!.id,
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
      trackingUrl: url,
      lines: parcel!.lines,
      complete: decision.completes,
    });
    let status = order.status;
    if (decision.completes) {
      const moved = await ports.orders.moveWithin(tx, order.id, "complete", { actor: actorName(by) });
      if (moved.ok) status = moved.order.status;
    }
    const names = new Map(items.map((i) => [i.id, i.name]));
    const address = order.shippingAddress ?? order.billingAddress;
    await ports.mail.enqueue(tx, {
      to: order.email,
      orderId: order.id,
      mail: {
        template: "order-shipped",
        firstname: address.firstname,
        orderNumber: order.incrementId,
        carrierName: CARRIER_NAMES[body.carrier],
        trackingNumber: body.trackingNumber,
        trackingUrl: url,
        lines: decision.lines.map((l) => ({ name: names.get(l.id) ?? "", qty: l.qty })),
        pickup: order.pickup
          ? [order.pickup.name, order.pickup.street, `${order.pickup.postcode} ${order.pickup.city}`]
          : null,
        orderUrl:
          order.customerId === null
            ? null
            : `${ports.publicUrl}/my-account/orders/${encodeURIComponent(order.incrementId)}`,
      },
    });
    return {
      mailed: true,
      audit: {
        action: "order.shipped",
        details: {
          carrier: CARRIER_NAMES[body.carrier],
          tracking_number: body.trackingNumber,
          units: decision.lines.reduce((sum, l) => sum + l.qty, 0),
          complete: decision.completes,
        },
      },
      answer: okAnswer({
        orderNumber: order.incrementId,
        status,
        shipment: {
          id: parcel!.id,
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
          trackingUrl: url,
          lines: parcel!.lines,
          destination: order.pickup
            ? [order.pickup.name, order.pickup.street, `${order.pickup.postcode} ${order.pickup.city}`]
            : orderAddressLines(order.shippingAddress ?? order.billingAddress),
        },
      }),
    };
  });
}

export function cancelOrder(ports: FulfilmentPorts, by: Actor, orderNumber: string, key: string) {
  return act(ports, by, orderNumber, "cancel", key, {}, async (tx, locked) => {
    const decision = decided(locked, { kind: "cancel" });
    if (!decision.ok) return { answer: refusal(decision) };
    if (decision.kind !== "cancel") throw new Error("cancel decided another action");
    const { order, attempt } = locked;
    if (decision.via === "order") {
      const moved = await ports.orders.moveWithin(tx, order.id, "canceled", { actor: actorName(by) });
      if (!moved.ok) return { answer: fail(moved.code, moved.message) };
      return {
        audit: { action: "order.cancelled", details: { cancellation: "done", amount_eur: 0 } },
        answer: okAnswer({ orderNumber: order.incrementId, status: "canceled", cancellation: "done" }),
      };
    }
    // A reversal cancels an authorisation and refunds a captured payment, in full: the order is
    // cancelled (its stock back) by its CANCEL_OR_REFUND notification.
    const modification = await ports.payments.request(tx, attempt!, { kind: "reversal", reason: "staff" });
    await recordOrderEvent(tx, order.id, "order.cancel_requested", actorName(by), {
      modification: modification.reference,
    });
    return {
      send: modification.id,
      audit: {
        action: "order.cancelled",
        details: { cancellation: "requested", amount_eur: euro(locked.facts.paidCents) },
      },
      answer: okAnswer({
        orderNumber: order.incrementId,
        status: order.status,
        cancellation: "requested",
        modification: modification.reference,
      }),
    };
  });
}

export interface RefundRequest {
  lines?: LineQty[];
  shipping?: boolean;
  reason?: string;
}

/** A staff member's refund above their role's limit: refused, naming the limit (403). */
function overLimit(ports: FulfilmentPorts, by: Actor, amountCents: number): StoredAnswer | undefined {
  if (by.kind !== "staff" || mayRefundCents(by.role, amountCents, ports.staffRefundLimitEur))
    return undefined;
  return fail(
    403,
    t("You may refund up to {limit} at a time; this refund is {amount}. Ask a beheerder.", {
      limit: formatPrice(by.role === "klantenservice" ? ports.staffRefundLimitEur : 0),
      amount: formatPrice(euro(amountCents)),
    }),
  );
}

export async function requestRefund(
  ports: FulfilmentPorts,
  by: Actor,
  tx: Db,
  locked: LockedOrder,
  body: RefundRequest,
  key: string,
): Promise<ActionResult> {
  const decision = decided(locked, {
    kind: "refund",
    ...(body.lines ? { lines: body.lines } : {}),
    ...(body.shipping !== undefined ? { shipping: body.shipping } : {}),
  });
  if (!decision.ok) return { answer: refusal(decision) };
  if (decision.kind !== "refund") throw new Error("refund decided another action");
  const refused = overLimit(ports, by, decision.amountCents);
  if (refused) return { answer: refused };
  const { order, attempt } = locked;
  const modification = await ports.payments.request(tx, attempt!, {
    kind: "refund",
    amountCents: decision.amountCents,
    callerReference: key.slice(0, 64),
    reason: body.reason ?? null,
  });
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      modificationId: modification.id,
      lines: decision.lines.map((l) => ({ itemId: l.id, qty: l.qty, amountCents: l.amountCents })),
      shipping: decision.shipping,
      amountCents: decision.amountCents,
      reason: body.reason ?? null,
    })
    .returning();
  await recordOrderEvent(tx, order.id, "order.refund_requested", actorName(by), {
    refundId: refund!.id,
    amountCents: decision.amountCents,
    lines: refund!.lines,
    shipping: decision.shipping,
    modification: modification.reference,
  });
  return {
    send: modification.id,
    audit: {
      action: "order.refund_requested",
      details: {
        refund_id: refund!.id,
        amount_eur: euro(decision.amountCents),
        units: decision.lines.reduce((sum, l) => sum + l.qty, 0),
        shipping: decision.shipping,
      },
    },
    answer: okAnswer({
      orderNumber: order.incrementId,
      status: order.status,
      refund: {
        id: refund!.id,
        status: refund!.status,
        amountCents: refund!.amountCents,
        lines: refund!.lines,
        shipping: refund!.shipping,
        modification: modification.reference,
      },
    }),
  };
}

export function refundOrder(
  ports: FulfilmentPorts,
  by: Actor,
  orderNumber: string,
  key: string,
  body: RefundRequest,
) {
  return act(ports, by, orderNumber, "refund", key, body, (tx, locked) =>
    requestRefund(ports, by, tx, locked, body, key),
  );
}

/** Asks a failed refund again: the same lines and shipping, with a new modification. */
export function retryRefund(
  ports: FulfilmentPorts,
  by: Actor,
  orderNumber: string,
  key: string,
  refundId: number,
) {
  return act(ports, by, orderNumber, `refund-retry:${refundId}`, key, {}, async (tx, locked) => {
    const [failed] = await tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.orderId, locked.order.id)));
    if (!failed)
      return {
        answer: fail(404, "params.refundId: this order has no refund with this id", "params.refundId"),
      };
    if (failed.status !== "failed")
      return { answer: fail(409, t("Only a failed refund can be asked again"), "params.refundId") };
    const asked = await requestRefund(
      ports,
      by,
      tx,
      locked,
      {
        lines: failed.lines.map((l) => ({ id: l.itemId, qty: l.qty })),
        shipping: failed.shipping,
        ...(failed.reason ? { reason: failed.reason } : {}),
      },
      key,
    );
    return asked.audit
      ? {
          ...asked,
          audit: {
            ...asked.audit,
            action: "order.refund_retried",
            details: { ...asked.audit.details, failed_refund_id: refundId },
          },
        }
      : asked;
  });
}

export function markDelivered(ports: FulfilmentPorts, by: Actor, orderNumber: string, key: string) {
  return act(ports, by, orderNumber, "deliver", key, {}, async (tx, locked) => {
    const decision = decided(locked, { kind: "deliver" });
    if (!decision.ok) return { answer: refusal(decision) };
    const at = new Date();
    await tx.update(orders).set({ deliveredAt: at, updatedAt: at }).where(eq(orders.id, locked.order.id));
    await recordOrderEvent(tx, locked.order.id, "order.delivered", actorName(by), {});
    return {
      audit: { action: "order.delivered", details: {} },
      answer: okAnswer({
        orderNumber: locked.order.incrementId,
        status: locked.order.status,
        deliveredAt: at.toISOString(),
      }),
    };
  });
}
