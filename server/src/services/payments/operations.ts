import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type ModificationKind, orders, paymentModifications, payments } from "../../db/schema.ts";
import type { PaymentContext } from "./context.ts";
import {
  liveModifications,
  type Modification,
  type RefundReason,
  sendModification,
  writeModification,
} from "./modifications.ts";

/**
 * What staff (the back office) do to an order's payment: capture, refund (whole or part, with
 * their own reference), cancel, or refund-or-cancel. Each answers at once with the modification
 * as Adyen took it (`received`); the order moves when Adyen's notification says it succeeded.
 */

export interface ModificationView {
  id: number;
  kind: ModificationKind;
  status: Modification["status"];
  reference: string;
  callerReference: string | null;
  amountCents: number | null;
  currency: string;
  pspReference: string | null;
  failureReason: string | null;
  createdAt: Date;
}

export type ModificationOutcome =
  | { ok: true; modification: ModificationView; replayed: boolean }
  | { ok: false; code: 400 | 404 | 409; message: string };

function viewOf(row: Modification): ModificationView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reference: row.reference,
    callerReference: row.callerReference,
    amountCents: row.amountCents,
    currency: row.currency,
    pspReference: row.pspReference,
    failureReason: row.failureReason,
    createdAt: row.createdAt,
  };
}

type Attempt = typeof payments.$inferSelect;
type Decide = (
  tx: Db,
  attempt: Attempt,
) => Promise<
  | { write: Parameters<typeof writeModification>[2] }
  | { existing: Modification }
  | { refuse: { code: 400 | 409; message: string } }
>;

/** The order's paying attempt, locked with its order, and what to write for it. */
async function modifyOrder(
  context: PaymentContext,
  orderNumber: string,
  decide: Decide,
): Promise<ModificationOutcome> {
  const written = await context.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [order] = await tx.select().from(orders).where(eq(orders.incrementId, orderNumber)).for("update");
    if (!order) return { ok: false as const, code: 404 as const, message: "Order not found" };
    const [attempt] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.paysOrder, true)))
      .orderBy(desc(payments.id))
      .limit(1)
      .for("update");
    if (!attempt)
      return { ok: false as const, code: 409 as const, message: "The order has no authorised payment" };
    const decision = await decide(tx, attempt);
    if ("refuse" in decision) return { ok: false as const, ...decision.refuse };
    if ("existing" in decision) return { ok: true as const, row: decision.existing, replayed: true };
    return { ok: true as const, row: await writeModification(tx, attempt, decision.write), replayed: false };
  });
  if (!written.ok) return written;
  const row = written.replayed
    ? written.row
    : ((await sendModification(context, written.row.id)) ?? written.row);
  return { ok: true, modification: viewOf(row), replayed: written.replayed };
}

const notAuthorised = (attempt: Attempt) =>
  attempt.status === "authorised"
    ? null
    : { refuse: { code: 409 as const, message: `The order's payment is ${attempt.status}, not authorised` } };

/** Captures the payment (all of it unless `amountCents`); once: a second call answers the first. */
export function captureOrder(
  context: PaymentContext,
  orderNumber: string,
  options: { amountCents?: number } = {},
) {
  return modifyOrder(context, orderNumber, async (tx, attempt) => {
    const [live] = await liveModifications(tx, attempt.id, ["capture"]);
    if (live) return { existing: live };
    const refused = notAuthorised(attempt);
    if (refused) return refused;
    const amount = options.amountCents ?? attempt.amountCents;
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > attempt.amountCents)
      return { refuse: { code: 400, message: `amountCents: must be 1 to ${attempt.amountCents}` } };
    return { write: { kind: "capture", amountCents: amount } };
  });
}

/**
 * Refunds `amountCents` (or all that is left) with the caller's `reference`: the same reference is
 * one refund (answered again, unless it failed, when it is asked anew).
 */
export function refundOrder(
  context: PaymentContext,
  orderNumber: string,
  options: { amountCents?: number; reference?: string; reason?: RefundReason } = {},
) {
  return modifyOrder(context, orderNumber, async (tx, attempt) => {
    const live = await liveModifications(tx, attempt.id, ["refund", "cancel", "reversal"]);
    const same =
      options.reference && live.find((m) => m.kind === "refund" && m.callerReference === options.reference);
    if (same) return { existing: same };
    if (live.some((m) => m.kind !== "refund"))
      return { refuse: { code: 409, message: "The order's payment is already being cancelled or reversed" } };
    const refused = notAuthorised(attempt);
    if (refused) return refused;
    // What is still refundable: the amount less what succeeded and what is on its way.
    const asked = live
      .filter((m) => m.status !== "succeeded")
      .reduce((sum, m) => sum + (m.amountCents ?? 0), 0);
    const left = attempt.amountCents - attempt.refundedCents - asked;
    const amount = options.amountCents ?? left;
    if (left <= 0) return { refuse: { code: 409, message: "The order's payment is refunded in full" } };
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > left)
      return { refuse: { code: 400, message: `amountCents: must be 1 to ${left}` } };
    if (options.reference !== undefined && (options.reference.length < 1 || options.reference.length > 64))
      return { refuse: { code: 400, message: "reference: must be 1 to 64 characters" } };
    return {
      write: {
        kind: "refund",
        amountCents: amount,
        callerReference: options.reference ?? null,
        reason: options.reason ?? null,
      },
    };
  });
}

function cancelling(kind: "cancel" | "reversal") {
  return async (tx: Db, attempt: Attempt) => {
    const [live] = await liveModifications(tx, attempt.id, ["cancel", "reversal"]);
    if (live) return { existing: live };
    const refused = notAuthorised(attempt);
    if (refused) return refused;
    return { write: { kind, reason: "staff" } };
  };
}

/** Cancels the authorisation (fails at Adyen once captured: then refund, or use refundOrCancel). */
export function cancelOrderPayment(context: PaymentContext, orderNumber: string) {
  return modifyOrder(context, orderNumber, cancelling("cancel"));
}

/** Adyen's reversal: cancels an uncaptured payment, refunds a captured one, in full. */
export function refundOrCancelOrder(context: PaymentContext, orderNumber: string) {
  return modifyOrder(context, orderNumber, cancelling("reversal"));
}

/** Every modification of an order's payments, oldest first. */
export async function orderModifications(db: Db, orderNumber: string): Promise<ModificationView[]> {
  const rows = await db
    .select({ m: paymentModifications })
    .from(paymentModifications)
    .innerJoin(orders, eq(orders.id, paymentModifications.orderId))
    .where(eq(orders.incrementId, orderNumber))
    .orderBy(paymentModifications.id);
  return rows.map(({ m }) => viewOf(m));
}
