import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { adyenTestModifications, adyenTestPayments } from "../../../db/schema.ts";
import {
  type GatewayPayment,
  inTransaction,
  type Ledger,
  newPspReference,
  paymentMethodOf,
} from "./ledger.ts";
import { type NotificationInput, queueNotification } from "./notifications.ts";
import type { ModificationInput, ModificationKind } from "./requests.ts";

/**
 * Adyen's modifications (`/payments/{psp}/captures|refunds|cancels|reversals`, and `/cancels` by
 * merchant reference): answered `received` at once, decided by Adyen's accounting rules, told by
 * a CAPTURE, REFUND, CANCELLATION, CANCEL_OR_REFUND or TECHNICAL_CANCEL notification.
 *
 * Test rules beside Adyen's own (README "Payments"): a refund whose amount ends in 13 cents is
 * declined (REFUND, success false); Adyen's holder names `CAPTURE FAILED` and `REFUND FAILED`
 * make a capture or refund that succeeded fail afterwards (CAPTURE_FAILED, REFUND_FAILED).
 */

const EVENT: Record<ModificationKind, string> = {
  captures: "CAPTURE",
  refunds: "REFUND",
  cancels: "CANCELLATION",
  reversals: "CANCEL_OR_REFUND",
};

/** Whether a refund of `value` is declined by the test amount rule. */
function refundDeclinedByTestRule(value: number): boolean {
  return value % 100 === 13;
}

interface Outcome {
  success: boolean;
  reason?: string;
  /** Changes to the payment when it succeeds. */
  change?: Partial<Pick<GatewayPayment, "capturedValue" | "refundedValue" | "cancelled">>;
  additionalData?: Record<string, string>;
  /** A later failure of a modification that first succeeded (Adyen's holder-name tests). */
  thenFails?: string;
}

function decide(kind: ModificationKind, payment: GatewayPayment | undefined, amount: number | null): Outcome {
  if (!payment) return { success: false, reason: "Original pspReference not found" };
  if (payment.resultCode !== "Authorised") return { success: false, reason: "Payment is not authorised" };
  if (payment.cancelled) return { success: false, reason: "Payment is already cancelled" };
  const holder = (payment.holderName ?? "").trim().toUpperCase();
  const refundable = payment.capturedValue - payment.refundedValue;
  switch (kind) {
    case "captures":
      // Capturing a payment captured at authorisation charges nothing twice (Adyen's docs).
      if (payment.capturedValue > 0) return { success: true };
      if (amount! > payment.amountValue) return { success: false, reason: "Insufficient balance on payment" };
      return {
        success: true,
        change: { capturedValue: amount! },
        ...(holder === "CAPTURE FAILED" ? { thenFails: "CAPTURE_FAILED" } : {}),
      };
    case "refunds":
      if (refundable <= 0) return { success: false, reason: "Payment is not captured" };
      if (amount! > refundable) return { success: false, reason: "Insufficient balance on payment" };
      if (refundDeclinedByTestRule(amount!))
        return { success: false, reason: "Refund declined (test amount rule)" };
      return {
        success: true,
        change: { refundedValue: payment.refundedValue + amount! },
        ...(holder === "REFUND FAILED" ? { thenFails: "REFUND_FAILED" } : {}),
      };
    case "cancels":
      if (payment.capturedValue > 0) return { success: false, reason: "Payment is already captured" };
      return { success: true, change: { cancelled: true } };
    case "reversals":
      if (payment.capturedValue === 0)
        return {
          success: true,
          change: { cancelled: true },
          additionalData: { "modification.action": "cancel" },
        };
      if (refundable <= 0) return { success: false, reason: "Payment is already refunded" };
      return {
        success: true,
        change: { refundedValue: payment.capturedValue },
        additionalData: { "modification.action": "refund" },
      };
  }
}

async function lockPayment(tx: Db, psp: string): Promise<GatewayPayment | undefined> {
  const [payment] = await tx
    .select()
    .from(adyenTestPayments)
    .where(eq(adyenTestPayments.pspReference, psp))
    .for("update");
  return payment;
}

async function apply(
  ledger: Ledger,
  tx: Db,
  event: string,
  modificationPsp: string,
  payment: GatewayPayment | undefined,
  paymentPsp: string,
  input: { amount: { value: number; currency: string } | null; reference: string | null; kind: string },
  outcome: Outcome,
): Promise<void> {
  if (payment && outcome.success && outcome.change)
    await tx
      .update(adyenTestPayments)
      .set({ ...outcome.change, updatedAt: new Date() })
      .where(eq(adyenTestPayments.pspReference, payment.pspReference));
  const amount = input.amount ?? {
    value: payment?.amountValue ?? 0,
    currency: payment?.currency ?? "EUR",
  };
  await tx.insert(adyenTestModifications).values({
    pspReference: modificationPsp,
    paymentPspReference: payment?.pspReference ?? null,
    kind: input.kind,
    amountValue: amount.value,
    currency: amount.currency,
    reference: input.reference,
    success: outcome.success,
    reason: outcome.reason ?? null,
  });
  const notification: NotificationInput = {
    eventCode: event,
    success: outcome.success,
    pspReference: modificationPsp,
    originalReference: paymentPsp,
    merchantReference: input.reference ?? payment?.merchantReference ?? "",
    amount,
    paymentMethod: payment ? paymentMethodOf(payment) : undefined,
    reason: outcome.reason,
    additionalData: outcome.additionalData,
  };
  await queueNotification(tx, ledger.keys, notification);
  if (outcome.thenFails)
    await queueNotification(tx, ledger.keys, {
      ...notification,
      eventCode: outcome.thenFails,
      success: true,
      reason: `${outcome.thenFails === "CAPTURE_FAILED" ? "Capture" : "Refund"} failed (test holder name)`,
    });
}

/** `/payments/{psp}/captures|refunds|cancels|reversals`: Adyen's `received` answer. */
export async function modify(
  ledger: Ledger,
  kind: ModificationKind,
  paymentPsp: string,
  input: ModificationInput,
): Promise<Record<string, unknown>> {
  const modificationPsp = newPspReference();
  await inTransaction(ledger, async (tx) => {
    const payment = await lockPayment(tx, paymentPsp);
    const outcome = decide(kind, payment, input.amount?.value ?? null);
    if (outcome.success && input.amount && payment && input.amount.currency !== payment.currency)
      Object.assign(outcome, {
        success: false,
        reason: "Currency does not match the payment",
        change: undefined,
      });
    await apply(ledger, tx, EVENT[kind], modificationPsp, payment, paymentPsp, { ...input, kind }, outcome);
  });
  return {
    merchantAccount: ledger.keys.merchantAccount,
    paymentPspReference: paymentPsp,
    pspReference: modificationPsp,
    ...(input.reference ? { reference: input.reference } : {}),
    ...(input.amount ? { amount: input.amount } : {}),
    ...(input.merchantRefundReason ? { merchantRefundReason: input.merchantRefundReason } : {}),
    status: "received",
  };
}

/** `/cancels`: cancels the uncaptured authorised payment of a merchant reference (TECHNICAL_CANCEL). */
export async function cancelByReference(
  ledger: Ledger,
  input: { paymentReference: string; reference: string | null },
): Promise<Record<string, unknown>> {
  const modificationPsp = newPspReference();
  await inTransaction(ledger, async (tx) => {
    const [candidate] = await tx
      .select()
      .from(adyenTestPayments)
      .where(
        and(
          eq(adyenTestPayments.merchantReference, input.paymentReference),
          eq(adyenTestPayments.merchantAccount, ledger.keys.merchantAccount),
          inArray(adyenTestPayments.resultCode, ["Authorised"]),
        ),
      )
      .orderBy(desc(adyenTestPayments.createdAt))
      .limit(1);
    const payment = candidate ? await lockPayment(tx, candidate.pspReference) : undefined;
    const outcome: Outcome = payment
      ? decide("cancels", payment, null)
      : { success: false, reason: "No authorised payment with this reference" };
    await apply(
      ledger,
      tx,
      "TECHNICAL_CANCEL",
      modificationPsp,
      payment,
      payment?.pspReference ?? "",
      { amount: null, reference: input.reference ?? input.paymentReference, kind: "technical_cancel" },
      outcome,
    );
  });
  return {
    merchantAccount: ledger.keys.merchantAccount,
    paymentReference: input.paymentReference,
    pspReference: modificationPsp,
    ...(input.reference ? { reference: input.reference } : {}),
    status: "received",
  };
}
