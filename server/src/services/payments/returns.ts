import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { payments } from "../../db/schema.ts";
import type { OrderRow } from "../orders/read.ts";
import type { PaymentContext } from "./context.ts";

/**
 * The shopper's return from the payment page (issue 24 item 1, issue 30 item 5): Hosted Checkout
 * brings `sessionId` and `sessionResult`, a `/payments` redirect brings `redirectResult`. The
 * provider says how it ended; the attempt is found by the merchantReference it answers, within the
 * order (Adyen's answers need not carry a pspReference). Only a notification makes the order paid.
 */

export type Returned =
  | { sessionId: string; sessionResult: string; redirectResult?: undefined }
  | { redirectResult: string; sessionId?: undefined; sessionResult?: undefined };

export type Settled = { resultCode: string; isFinal: boolean } | { error: string };

/** A session's status as Adyen's resultCodes say it (the contract's `resultCode`). */
const SESSION_RESULT: Record<
  string,
  { resultCode: string; isFinal: boolean; status?: "refused" | "cancelled" | "expired" }
> = {
  completed: { resultCode: "Authorised", isFinal: true },
  paymentPending: { resultCode: "Pending", isFinal: false },
  refused: { resultCode: "Refused", isFinal: true, status: "refused" },
  canceled: { resultCode: "Cancelled", isFinal: true, status: "cancelled" },
  expired: { resultCode: "Cancelled", isFinal: true, status: "expired" },
  // Back without paying while the session still runs: nothing ended, the shopper may choose again.
  active: { resultCode: "Cancelled", isFinal: true },
};

const FINAL_CODES = new Set(["Authorised", "Refused", "Cancelled", "Error"]);
const ENDED_BY: Record<string, "refused" | "cancelled" | "error"> = {
  Refused: "refused",
  Cancelled: "cancelled",
  Error: "error",
};

export async function settleReturn(
  context: PaymentContext,
  order: OrderRow,
  returned: Returned,
): Promise<Settled> {
  let reference: string | undefined;
  let outcome: {
    resultCode: string;
    isFinal: boolean;
    status?: "refused" | "cancelled" | "expired" | "error";
  };
  try {
    if (returned.sessionId !== undefined) {
      const answer = await context.provider.sessionResult(returned.sessionId, returned.sessionResult);
      reference = answer.reference;
      outcome = SESSION_RESULT[String(answer.status)] ?? { resultCode: "Error", isFinal: true };
    } else {
      // Adyen keeps idempotency keys to 64 characters: the redirectResult's hash names the call.
      const key = `details-${createHash("sha256").update(returned.redirectResult).digest("hex").slice(0, 56)}`;
      const answer = await context.provider.paymentsDetails(
        { details: { redirectResult: returned.redirectResult } },
        key,
      );
      reference = answer.merchantReference;
      const resultCode = String(answer.resultCode ?? "Error");
      outcome = {
        resultCode,
        isFinal: FINAL_CODES.has(resultCode),
        ...(ENDED_BY[resultCode] ? { status: ENDED_BY[resultCode] } : {}),
      };
    }
  } catch (error) {
    context.log.warn({ error, order: order.incrementId }, "payment provider refused the return's result");
    return { error: "Payment failed" };
  }
  const [attempt] = reference
    ? await context.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.reference, reference)))
        .limit(1)
    : [];
  if (!attempt) return { error: "Payment failed" };
  const open = attempt.status === "pending" || attempt.status === "superseded";
  await context.db
    .update(payments)
    .set({
      resultCode: outcome.resultCode,
      ...(open && outcome.status ? { status: outcome.status } : {}),
      updatedAt: new Date(),
    })
    .where(eq(payments.id, attempt.id));
  // A superseded attempt's page no longer pays the order: the shopper is told to choose again.
  if (attempt.status === "superseded") return { resultCode: "Cancelled", isFinal: true };
  return { resultCode: outcome.resultCode, isFinal: outcome.isFinal };
}

/** What the storefront shows while it waits: paid, pending or failed. */
export async function paymentStatus(context: PaymentContext, order: OrderRow) {
  const [last] = await context.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(desc(payments.id))
    .limit(1);
  const fresh = (await context.orders.row(order.incrementId)) ?? order;
  return {
    orderStatus: fresh.status,
    paid: fresh.paidAt !== null,
    payment: last?.status ?? null,
    resultCode: last?.resultCode ?? null,
  };
}
