import { and, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { adyenTestPayments, adyenTestSessions } from "../../../db/schema.ts";
import { settleAtBank } from "./api-payments.ts";
import { inTransaction, type Ledger, paymentMethodOf } from "./ledger.ts";
import { queueNotification } from "./notifications.ts";

/**
 * What happens at the gateway after the shopper has gone: a pending iDEAL payment that the bank
 * completes or lets lapse, sessions that run out, and payments left at a redirect step, whose
 * offer Adyen closes (OFFER_CLOSED).
 */

/** The bank settles a pending payment later (the bank simulator's page for it). */
export async function settlePending(ledger: Ledger, psp: string, outcome: "success" | "failure" | "expire") {
  return inTransaction(ledger, async (tx) => {
    const [payment] = await tx
      .select()
      .from(adyenTestPayments)
      .where(and(eq(adyenTestPayments.pspReference, psp), eq(adyenTestPayments.stage, "pending")))
      .for("update");
    if (!payment) return false;
    if (outcome === "expire") await closeOffer(ledger, tx, payment);
    else await settleAtBank(ledger, tx, payment, outcome);
    return true;
  });
}

async function closeOffer(ledger: Ledger, tx: Db, payment: typeof adyenTestPayments.$inferSelect) {
  await tx
    .update(adyenTestPayments)
    .set({ stage: "done", resultCode: "Cancelled", refusalReason: "Offer closed", updatedAt: new Date() })
    .where(eq(adyenTestPayments.pspReference, payment.pspReference));
  await queueNotification(tx, ledger.keys, {
    eventCode: "OFFER_CLOSED",
    success: true,
    pspReference: payment.pspReference,
    merchantReference: payment.merchantReference,
    amount: { value: payment.amountValue, currency: payment.currency },
    paymentMethod: paymentMethodOf(payment),
  });
}

/** One sweep: sessions and waiting payments past their time. Rows are locked SKIP LOCKED, once. */
export async function expireDue(ledger: Ledger, now: Date = new Date()): Promise<number> {
  return inTransaction(ledger, async (tx) => {
    await tx
      .update(adyenTestSessions)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(adyenTestSessions.status, "active"), lte(adyenTestSessions.expiresAt, now)));
    const waiting = await tx
      .select()
      .from(adyenTestPayments)
      .where(
        and(
          inArray(adyenTestPayments.stage, ["challenge", "bank", "pending"]),
          lte(adyenTestPayments.expiresAt, now),
        ),
      )
      .limit(100)
      .for("update", { skipLocked: true });
    for (const payment of waiting) await closeOffer(ledger, tx, payment);
    return waiting.length;
  });
}
