import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { adyenTestPayments } from "../../../db/schema.ts";
import { ACQUIRER_RESPONSE_CODES, brandOf, decideCard, type Refusal } from "../card-rules.ts";
import { errors } from "./errors.ts";
import {
  authorise,
  GATEWAY_BASE,
  type GatewayPayment,
  inTransaction,
  type Ledger,
  newPspReference,
  opaqueToken,
  paymentAnswer,
  refuse,
} from "./ledger.ts";
import type { PaymentInput } from "./requests.ts";

/**
 * `/payments` and `/payments/details` for API-only callers (Adyen's test values through
 * `@adyen/api-library`), and the pages their redirects lead to: the 3-D Secure challenge and the
 * iDEAL bank. Card authorisation after a challenge happens at `/payments/details`, as at Adyen;
 * an iDEAL bank decides on its own and Adyen tells the shop by notification.
 */

/** How long a payment waits at a redirect step before Adyen closes the offer. */
const API_PAYMENT_TTL_MS = 60 * 60_000;

export async function createPayment(ledger: Ledger, input: PaymentInput): Promise<Record<string, unknown>> {
  const base = {
    pspReference: newPspReference(),
    merchantAccount: ledger.keys.merchantAccount,
    merchantReference: input.reference,
    amountValue: input.amount.value,
    currency: input.amount.currency,
    returnUrl: input.returnUrl,
    expiresAt: new Date(Date.now() + API_PAYMENT_TTL_MS),
  };
  const { publicUrl } = ledger.settings;
  if (input.method.kind === "ideal") {
    await ledger.db
      .insert(adyenTestPayments)
      .values({ ...base, method: "ideal", stage: "bank", resultCode: "RedirectShopper" });
    // Adyen's iDEAL answer carries no pspReference (its v72 example): the shop finds the payment by reference.
    return {
      resultCode: "RedirectShopper",
      merchantReference: input.reference,
      action: {
        type: "redirect",
        method: "GET",
        url: `${publicUrl}${GATEWAY_BASE}/ideal/${base.pspReference}`,
        paymentMethodType: "ideal",
      },
    };
  }
  const { card } = input.method;
  const decision: Refusal | { flow: "authorise" | "challenge" } =
    (input.acquirerResponseCode && ACQUIRER_RESPONSE_CODES[input.acquirerResponseCode]) || decideCard(card);
  const cardRow = {
    ...base,
    method: "scheme",
    brand: brandOf(card.number),
    holderName: card.holderName,
    lastFour: card.number.slice(-4),
  };
  return inTransaction(ledger, async (tx) => {
    if ("resultCode" in decision) {
      const [payment] = await tx
        .insert(adyenTestPayments)
        .values({
          ...cardRow,
          stage: decision.resultCode === "Received" ? "pending" : "done",
          resultCode: decision.resultCode,
        })
        .returning();
      if (decision.resultCode === "Received") return paymentAnswer(payment!);
      return paymentAnswer(
        await refuse(ledger, tx, payment!, { ...decision, resultCode: decision.resultCode }),
      );
    }
    if (decision.flow === "authorise") {
      const [payment] = await tx
        .insert(adyenTestPayments)
        .values({ ...cardRow, stage: "done", resultCode: "Authorised" })
        .returning();
      return paymentAnswer(await authorise(ledger, tx, payment!));
    }
    const redirectResult = opaqueToken();
    const [payment] = await tx
      .insert(adyenTestPayments)
      .values({
        ...cardRow,
        stage: "challenge",
        resultCode: input.nativeThreeDS ? "ChallengeShopper" : "RedirectShopper",
        redirectResult,
        nativeThreeDS: input.nativeThreeDS,
      })
      .returning();
    const challengeUrl = `${publicUrl}${GATEWAY_BASE}/3ds/${payment!.pspReference}`;
    if (!input.nativeThreeDS)
      return {
        resultCode: "RedirectShopper",
        pspReference: payment!.pspReference,
        merchantReference: input.reference,
        action: { type: "redirect", method: "GET", url: challengeUrl, paymentMethodType: "scheme" },
      };
    // The 3DS2 SDK opens the issuer's challenge (acsURL) and hands back threeDSResult.
    const token = Buffer.from(
      JSON.stringify({
        acsURL: challengeUrl,
        acsTransID: payment!.pspReference,
        messageVersion: "2.2.0",
        threeDSServerTransID: payment!.pspReference,
        acsReferenceNumber: "ETALAGE-TEST-ACS",
      }),
    ).toString("base64");
    return {
      resultCode: "ChallengeShopper",
      pspReference: payment!.pspReference,
      merchantReference: input.reference,
      action: {
        type: "threeDS2",
        subtype: "challenge",
        paymentMethodType: "scheme",
        token,
        authorisationToken: redirectResult,
      },
    };
  });
}

async function byRedirectResult(db: Db, value: string): Promise<GatewayPayment | undefined> {
  const [payment] = await db
    .select()
    .from(adyenTestPayments)
    .where(eq(adyenTestPayments.redirectResult, value));
  return payment;
}

/** `/payments/details`: the shopper's return (redirectResult) or the 3DS2 SDK's threeDSResult. */
export async function paymentDetails(
  ledger: Ledger,
  details: { redirectResult?: string; threeDSResult?: string },
): Promise<Record<string, unknown>> {
  const value = details.redirectResult ?? details.threeDSResult!;
  const found = await byRedirectResult(ledger.db, value);
  if (!found || found.sessionId)
    throw errors.invalidField(details.redirectResult ? "details.redirectResult" : "details.threeDSResult");
  if (found.stage !== "challenge") return paymentAnswer(found);
  if (found.authentication === null) throw errors.invalidField("details");
  return inTransaction(ledger, async (tx) => {
    const [payment] = await tx
      .select()
      .from(adyenTestPayments)
      .where(eq(adyenTestPayments.pspReference, found.pspReference))
      .for("update");
    if (payment!.stage !== "challenge") return paymentAnswer(payment!);
    if (payment!.authentication === "Y") return paymentAnswer(await authorise(ledger, tx, payment!));
    return paymentAnswer(
      await refuse(ledger, tx, payment!, {
        resultCode: "Refused",
        refusalReason: "3D Not Authenticated",
        refusalReasonCode: "11",
      }),
    );
  });
}

export async function findPayment(db: Db, psp: string): Promise<GatewayPayment | undefined> {
  const [payment] = await db.select().from(adyenTestPayments).where(eq(adyenTestPayments.pspReference, psp));
  return payment;
}

/**
 * The challenge page's answer for a payment made through `/payments`: the outcome is kept and
 * the shopper goes back with a redirectResult (or, natively, the SDK gets it as threeDSResult).
 */
export async function recordAuthentication(
  ledger: Ledger,
  payment: GatewayPayment,
  passed: boolean,
): Promise<{ returnTo: string | null; threeDSResult: string | null }> {
  await ledger.db
    .update(adyenTestPayments)
    .set({ authentication: passed ? "Y" : "N", updatedAt: new Date() })
    .where(eq(adyenTestPayments.pspReference, payment.pspReference));
  if (payment.nativeThreeDS) return { returnTo: null, threeDSResult: payment.redirectResult };
  const url = new URL(payment.returnUrl!);
  url.searchParams.set("redirectResult", payment.redirectResult!);
  return { returnTo: url.toString(), threeDSResult: null };
}

export type BankOutcome = "success" | "pending" | "cancel" | "failure";

/** The iDEAL bank's decision on a payment made through `/payments`; the shopper goes back. */
export async function bankDecides(
  ledger: Ledger,
  payment: GatewayPayment,
  outcome: BankOutcome,
): Promise<string> {
  const redirectResult = opaqueToken();
  await inTransaction(ledger, async (tx) => {
    await tx
      .update(adyenTestPayments)
      .set({ redirectResult, updatedAt: new Date() })
      .where(eq(adyenTestPayments.pspReference, payment.pspReference));
    await settleAtBank(ledger, tx, payment, outcome);
  });
  const url = new URL(payment.returnUrl!);
  url.searchParams.set("redirectResult", redirectResult);
  return url.toString();
}

/** What an iDEAL bank's answer does to a payment (on the bank page, or later for a pending one). */
export async function settleAtBank(
  ledger: Ledger,
  tx: Db,
  payment: GatewayPayment,
  outcome: BankOutcome,
): Promise<GatewayPayment> {
  if (outcome === "success") return authorise(ledger, tx, payment);
  if (outcome === "failure")
    return refuse(ledger, tx, payment, {
      resultCode: "Refused",
      refusalReason: "Refused",
      refusalReasonCode: "2",
    });
  if (outcome === "cancel")
    return refuse(ledger, tx, payment, {
      resultCode: "Cancelled",
      refusalReason: "Cancelled",
      refusalReasonCode: "15",
    });
  const [row] = await tx
    .update(adyenTestPayments)
    .set({ stage: "pending", resultCode: "Pending", updatedAt: new Date() })
    .where(eq(adyenTestPayments.pspReference, payment.pspReference))
    .returning();
  return row!;
}
