import { randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { adyenTestPayments } from "../../../db/schema.ts";
import type { GatewayKeys } from "../gateway-keys.ts";
import { type NotificationSender, queueNotification } from "./notifications.ts";

/**
 * What every part of the gateway writes the same way: references, the authorisation of a payment
 * and its refusal, each with its AUTHORISATION notification queued in the same transaction.
 */

export type GatewayPayment = typeof adyenTestPayments.$inferSelect;

/** Where the gateway lives in the shop's origin: its hosted pages, and the Checkout API below. */
export const GATEWAY_BASE = "/gateway/adyen";
export const CHECKOUT_PATH = `${GATEWAY_BASE}/checkout/v72`;

export interface GatewaySettings {
  /** Where the hosted pages are (the shop's PUBLIC_URL). */
  publicUrl: string;
  /** Adyen's default: captured at authorisation; `manual` waits for `/captures`. */
  captureDelay: "immediate" | "manual";
}

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** 16 characters, as Adyen's pspReferences are. */
export function newPspReference(): string {
  let psp = "";
  for (let i = 0; i < 16; i++) psp += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return psp;
}

/** An opaque value handed to the shopper's return (`redirectResult`, `sessionResult`). */
export function opaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

export function paymentMethodOf(payment: Pick<GatewayPayment, "method" | "brand">): string {
  return payment.method === "scheme" ? (payment.brand ?? "visa") : payment.method;
}

/** The shared context of the gateway's parts. */
export interface Ledger {
  db: Db;
  keys: GatewayKeys;
  settings: GatewaySettings;
  notifications: NotificationSender;
}

/** Authorises a payment in `tx` and queues its AUTHORISATION (success). */
export async function authorise(ledger: Ledger, tx: Db, payment: GatewayPayment): Promise<GatewayPayment> {
  const [row] = await tx
    .update(adyenTestPayments)
    .set({
      stage: "done",
      resultCode: "Authorised",
      refusalReason: null,
      refusalReasonCode: null,
      capturedValue: ledger.settings.captureDelay === "immediate" ? payment.amountValue : 0,
      updatedAt: new Date(),
    })
    .where(eq(adyenTestPayments.pspReference, payment.pspReference))
    .returning();
  await queueNotification(tx, ledger.keys, {
    eventCode: "AUTHORISATION",
    success: true,
    pspReference: payment.pspReference,
    merchantReference: payment.merchantReference,
    amount: { value: payment.amountValue, currency: payment.currency },
    paymentMethod: paymentMethodOf(payment),
    operations: ledger.settings.captureDelay === "immediate" ? ["REFUND"] : ["CANCEL", "CAPTURE", "REFUND"],
    additionalData: {
      authCode: String(randomInt(100000, 1000000)),
      ...(payment.lastFour ? { cardSummary: payment.lastFour, expiryDate: "3/2030" } : {}),
    },
  });
  return row!;
}

/** Ends a payment without money: Refused, Error or Cancelled, with AUTHORISATION (failure). */
export async function refuse(
  ledger: Ledger,
  tx: Db,
  payment: GatewayPayment,
  refusal: {
    resultCode: "Refused" | "Error" | "Cancelled";
    refusalReason?: string;
    refusalReasonCode?: string;
  },
): Promise<GatewayPayment> {
  const [row] = await tx
    .update(adyenTestPayments)
    .set({
      stage: "done",
      resultCode: refusal.resultCode,
      refusalReason: refusal.refusalReason ?? null,
      refusalReasonCode: refusal.refusalReasonCode ?? null,
      updatedAt: new Date(),
    })
    .where(eq(adyenTestPayments.pspReference, payment.pspReference))
    .returning();
  await queueNotification(tx, ledger.keys, {
    eventCode: "AUTHORISATION",
    success: false,
    pspReference: payment.pspReference,
    merchantReference: payment.merchantReference,
    amount: { value: payment.amountValue, currency: payment.currency },
    paymentMethod: paymentMethodOf(payment),
    reason: refusal.refusalReason ?? refusal.resultCode,
  });
  return row!;
}

/** Runs `work` in a transaction, then sends the notifications it queued. */
export async function inTransaction<T>(ledger: Ledger, work: (tx: Db) => Promise<T>): Promise<T> {
  const result = await ledger.db.transaction((transaction) => work(transaction as unknown as Db));
  ledger.notifications.kick();
  return result;
}

/** The payment as `/payments` and `/payments/details` answer it. */
export function paymentAnswer(payment: GatewayPayment) {
  return {
    pspReference: payment.pspReference,
    resultCode: payment.resultCode,
    merchantReference: payment.merchantReference,
    amount: { currency: payment.currency, value: payment.amountValue },
    paymentMethod: {
      type: payment.method,
      ...(payment.method === "scheme" && payment.brand ? { brand: payment.brand } : {}),
    },
    ...(payment.refusalReason ? { refusalReason: payment.refusalReason } : {}),
    ...(payment.refusalReasonCode ? { refusalReasonCode: payment.refusalReasonCode } : {}),
  };
}
