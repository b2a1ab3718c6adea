import { mayMoveOrder, type OrderState } from "@etalage/core";
import { and, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, paymentModifications, paymentNotifications, payments } from "../../db/schema.ts";
import { recordAlert } from "./alerts.ts";
import type { PaymentContext } from "./context.ts";
import { liveModifications, type Modification, writeModification } from "./modifications.ts";

/**
 * Adyen's notifications, applied once each (by pspReference, eventCode and success), in one
 * transaction with everything they change (docs/decisions/0032, issue 30 item 8):
 *
 * - AUTHORISATION: the order's open attempt (or an older one while the order waits) pays it; any
 *   other authorisation of the order — a second one, one for a cancelled or expired order, one
 *   for another amount — is reversed automatically and shown to staff. A refusal marks the try.
 * - OFFER_CLOSED: the try ended unpaid; for the order's open attempt the order's payment window is
 *   over with it, and the order is cancelled (its stock goes back).
 * - CANCELLATION, TECHNICAL_CANCEL, CANCEL_OR_REFUND, REFUND, REFUND_FAILED, CAPTURE,
 *   CAPTURE_FAILED settle the modification; a paying payment cancelled (or reversed) cancels the
 *   order, or closes it once shipped; refunded in full, it closes the order. CHARGEBACK is shown
 *   to staff.
 * - Out of order: a failure after a success of the same thing changes nothing, and an
 *   authorisation after its payment was cancelled does not pay.
 */

export type NotificationItem = Record<string, unknown> & {
  pspReference: string;
  eventCode: string;
  success: string;
  merchantReference?: string;
  originalReference?: string;
  amount?: { value?: number; currency?: string };
  reason?: string;
};

type Attempt = typeof payments.$inferSelect;
type Order = typeof orders.$inferSelect;

interface Event {
  item: NotificationItem;
  success: boolean;
  value: number | null;
}

/** Applies one verified item; answers whether it was new. */
export async function applyNotification(context: PaymentContext, item: NotificationItem): Promise<boolean> {
  const applied = await context.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const inserted = await tx
      .insert(paymentNotifications)
      .values({
        pspReference: item.pspReference,
        eventCode: item.eventCode,
        success: item.success === "true",
        merchantReference: String(item.merchantReference ?? ""),
        body: item,
      })
      .onConflictDoNothing()
      .returning({ psp: paymentNotifications.pspReference });
    if (inserted.length === 0) return false;
    const value = typeof item.amount?.value === "number" ? item.amount.value : null;
    await handle(context, tx, { item, success: item.success === "true", value });
    return true;
  });
  if (applied) context.kickModifications();
  return applied;
}

async function handle(context: PaymentContext, tx: Db, event: Event): Promise<void> {
  const code = event.item.eventCode;
  if (code === "AUTHORISATION" || code === "OFFER_CLOSED") {
    const found = await attemptByReference(tx, event.item.merchantReference, event.item.pspReference);
    if (!found) return unknown(context, event);
    const { order, attempt } = await lockBoth(tx, found);
    if (code === "AUTHORISATION") return authorisation(context, tx, event, order, attempt);
    return offerClosed(context, tx, event, order, attempt);
  }
  if (code.startsWith("CHARGEBACK") || code === "NOTIFICATION_OF_CHARGEBACK") {
    const found = await attemptByPsp(tx, event.item.originalReference ?? event.item.pspReference);
    if (!found) return unknown(context, event);
    const { attempt } = await lockBoth(tx, found);
    return chargeback(tx, event, attempt);
  }
  if (!MODIFICATION_EVENTS.has(code)) return;
  const modification = await modificationOf(tx, event.item);
  // One staff asked in Adyen's Customer Area has no row here: its payment is found by reference,
  // even before that payment's own AUTHORISATION has come.
  const found = modification
    ? (await tx.select().from(payments).where(eq(payments.id, modification.paymentId)))[0]
    : ((await attemptByPsp(tx, event.item.originalReference)) ??
      (await attemptByReference(tx, event.item.merchantReference, "")));
  if (!found) return unknown(context, event);
  const locked = await lockBoth(tx, found);
  const attempt =
    !locked.attempt.pspReference && event.item.originalReference
      ? await setAttempt(tx, locked.attempt, { pspReference: event.item.originalReference })
      : locked.attempt;
  return modificationEvent(context, tx, event, locked.order, attempt, modification);
}

const MODIFICATION_EVENTS = new Set([
  "CANCELLATION",
  "TECHNICAL_CANCEL",
  "CANCEL_OR_REFUND",
  "REFUND",
  "REFUND_FAILED",
  "CAPTURE",
  "CAPTURE_FAILED",
]);

function unknown(context: PaymentContext, event: Event) {
  // Contract: a notification for a reference the shop never sent is acknowledged and ignored.
  context.log.warn(
    {
      eventCode: event.item.eventCode,
      reference: event.item.merchantReference,
      psp: event.item.pspReference,
    },
    "notification for an unknown payment",
  );
}

async function attemptByReference(tx: Db, reference: unknown, psp: string): Promise<Attempt | undefined> {
  if (typeof reference === "string" && reference) {
    const [attempt] = await tx.select().from(payments).where(eq(payments.reference, reference));
    if (attempt) return attempt;
  }
  return attemptByPsp(tx, psp);
}

async function attemptByPsp(tx: Db, psp: unknown): Promise<Attempt | undefined> {
  if (typeof psp !== "string" || !psp) return undefined;
  const [attempt] = await tx.select().from(payments).where(eq(payments.pspReference, psp));
  return attempt;
}

async function modificationOf(tx: Db, item: NotificationItem): Promise<Modification | undefined> {
  const reference = typeof item.merchantReference === "string" ? item.merchantReference : "";
  const [row] = await tx
    .select()
    .from(paymentModifications)
    .where(
      or(
        eq(paymentModifications.pspReference, item.pspReference),
        eq(paymentModifications.reference, reference),
      ),
    );
  return row;
}

/** Order first, then the attempt: the order every payment path locks in. */
async function lockBoth(tx: Db, attempt: Attempt): Promise<{ order: Order; attempt: Attempt }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId)).for("update");
  const [locked] = await tx.select().from(payments).where(eq(payments.id, attempt.id)).for("update");
  return { order: order!, attempt: locked! };
}

async function setAttempt(tx: Db, attempt: Attempt, change: Partial<Attempt>): Promise<Attempt> {
  const [row] = await tx
    .update(payments)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(payments.id, attempt.id))
    .returning();
  return row!;
}

const OPEN = new Set<Attempt["status"]>(["pending", "superseded"]);

async function authorisation(context: PaymentContext, tx: Db, event: Event, order: Order, attempt: Attempt) {
  const psp = event.item.pspReference;
  if (!event.success) {
    // A refused try; a refusal after the authorisation (out of order) changes nothing. A session
    // stays open for another try after a refusal: its end comes with the shopper's return.
    if (OPEN.has(attempt.status))
      await setAttempt(tx, attempt, {
        resultCode: "Refused",
        ...(attempt.sessionId ? {} : { status: "refused" as const }),
      });
    return;
  }
  // Known already (a replay with another pspReference), or cancelled before this came: not paid again.
  if (attempt.status === "authorised" || attempt.status === "reversed") {
    if (attempt.pspReference !== psp)
      context.log.warn({ reference: attempt.reference, psp }, "second AUTHORISATION for one attempt");
    return;
  }
  const wasOpen = attempt.status === "pending";
  const authorised = await setAttempt(tx, attempt, {
    status: "authorised",
    resultCode: "Authorised",
    pspReference: psp,
  });
  const sameAmount = event.value === attempt.amountCents && event.item.amount?.currency === attempt.currency;
  const payable = order.status === "pending" && (wasOpen || !(await hasOpenAttempt(tx, order.id)));
  if (sameAmount && payable) {
    const moved = await context.orders.moveWithin(tx, order.id, "processing", {
      onlyFrom: "pending",
      extra: { paidAt: new Date() },
    });
    if (moved.ok) {
      // The move wrote the order's "order.paid" event, which the webhooks send.
      await setAttempt(tx, authorised, { paysOrder: true });
      return;
    }
  }
  const kind = !sameAmount
    ? "amount_mismatch"
    : order.status === "canceled"
      ? "late_authorisation"
      : "duplicate_authorisation";
  const why = {
    amount_mismatch: `authorised ${event.value} ${event.item.amount?.currency}, not the order's ${attempt.amountCents} ${attempt.currency}`,
    late_authorisation: "authorised after the order was cancelled",
    duplicate_authorisation:
      order.status === "pending"
        ? "authorised after a newer payment attempt began"
        : "authorised for an order already paid",
  }[kind];
  await recordAlert(tx, {
    orderId: order.id,
    paymentId: attempt.id,
    kind,
    message: `Payment ${attempt.reference} (${psp}) ${why}: it is reversed automatically.`,
    details: { pspReference: psp, amount: event.item.amount, orderStatus: order.status },
  });
  const [live] = await liveModifications(tx, attempt.id, ["cancel", "reversal"]);
  if (!live) await writeModification(tx, authorised, { kind: "reversal", reason: kind });
}

async function hasOpenAttempt(tx: Db, orderId: number): Promise<boolean> {
  const [open] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "pending")))
    .limit(1);
  return open !== undefined;
}

async function offerClosed(context: PaymentContext, tx: Db, event: Event, order: Order, attempt: Attempt) {
  if (!event.success || !OPEN.has(attempt.status)) return;
  await setAttempt(tx, attempt, { status: "expired", resultCode: "Cancelled" });
  // The session lasted as long as the order's payment window: the window is over.
  if (attempt.status === "pending" && order.status === "pending")
    await context.orders.moveWithin(tx, order.id, "canceled", { onlyFrom: "pending" });
}

async function chargeback(tx: Db, event: Event, attempt: Attempt) {
  const code = event.item.eventCode;
  if (!event.success) return;
  const value = event.value ?? 0;
  if (code === "CHARGEBACK")
    await setAttempt(tx, attempt, { chargedBackCents: attempt.chargedBackCents + value });
  if (code === "CHARGEBACK_REVERSED")
    await setAttempt(tx, attempt, { chargedBackCents: Math.max(0, attempt.chargedBackCents - value) });
  await recordAlert(tx, {
    orderId: attempt.orderId,
    paymentId: attempt.id,
    kind: "chargeback",
    message: `${code} on payment ${attempt.reference}: ${value} ${event.item.amount?.currency ?? ""} (${event.item.reason || "no reason given"}).`,
    details: {
      eventCode: code,
      pspReference: event.item.pspReference,
      amount: event.item.amount,
      reason: event.item.reason,
    },
  });
}

/**
 * Where a paying payment cancelled or refunded in full leaves its order: a cancellation (or
 * reversal) cancels it, its stock back, unless it has shipped; a refund closes it (Magento's).
 */
function afterReversal(from: OrderState, code: string): OrderState | null {
  const order: OrderState[] = code === "REFUND" ? ["closed", "canceled"] : ["canceled", "closed"];
  return order.find((to) => mayMoveOrder(from, to)) ?? null;
}

async function modificationEvent(
  context: PaymentContext,
  tx: Db,
  event: Event,
  order: Order,
  attempt: Attempt,
  modification: Modification | undefined,
) {
  const code = event.item.eventCode;
  const laterFailure = code === "REFUND_FAILED" || code === "CAPTURE_FAILED";
  const settle = async (status: "succeeded" | "failed") => {
    if (!modification) return;
    await tx
      .update(paymentModifications)
      .set({
        status,
        pspReference: modification.pspReference ?? event.item.pspReference,
        failureReason: status === "failed" ? String(event.item.reason || code) : modification.failureReason,
        updatedAt: new Date(),
      })
      .where(eq(paymentModifications.id, modification.id));
    // The back office's refund (per line, shipping) is settled with it: the order shows it only now.
    if (modification.kind === "refund")
      await context.orders.refundSettled(
        tx,
        modification.id,
        status,
        status === "failed" ? String(event.item.reason || code) : null,
      );
  };
  if (!event.success || laterFailure) {
    // A failure after the success it contradicts (out of order) changes nothing, except Adyen's
    // later *_FAILED events, which undo a success.
    if (modification?.status === "succeeded" && !laterFailure) return;
    if (modification?.status === "failed") return;
    await settle("failed");
    if (code === "REFUND_FAILED")
      await setAttempt(tx, attempt, {
        refundedCents: Math.max(0, attempt.refundedCents - (event.value ?? 0)),
        status: attempt.status === "reversed" ? "authorised" : attempt.status,
      });
    if (code === "CAPTURE_FAILED") await setAttempt(tx, attempt, { capturedCents: 0 });
    // A technical cancel that found nothing to cancel is what it was for: no one needs to act.
    if (code === "TECHNICAL_CANCEL") return;
    await recordAlert(tx, {
      orderId: order.id,
      paymentId: attempt.id,
      kind: "modification_failed",
      message: `${code} ${event.success && laterFailure ? "" : "failed "}for payment ${attempt.reference}: ${event.item.reason || "no reason given"}.`,
      details: {
        eventCode: code,
        pspReference: event.item.pspReference,
        reference: modification?.reference ?? null,
      },
    });
    return;
  }
  if (modification?.status === "succeeded") return;
  await settle("succeeded");
  if (code === "CAPTURE") {
    await setAttempt(tx, attempt, { capturedCents: event.value ?? attempt.amountCents });
    return;
  }
  let reversed = code !== "REFUND";
  if (code === "REFUND") {
    const refunded = attempt.refundedCents + (event.value ?? 0);
    attempt = await setAttempt(tx, attempt, { refundedCents: refunded });
    reversed = refunded >= attempt.amountCents;
  } else if (code === "CANCEL_OR_REFUND" && event.item.additionalData) {
    const action = (event.item.additionalData as Record<string, unknown>)["modification.action"];
    if (action === "refund") attempt = await setAttempt(tx, attempt, { refundedCents: attempt.amountCents });
  }
  if (!reversed || attempt.status === "reversed") return;
  await setAttempt(tx, attempt, { status: "reversed" });
  if (!attempt.paysOrder) return;
  const to = afterReversal(order.status as OrderState, code);
  if (to) await context.orders.moveWithin(tx, order.id, to);
}
