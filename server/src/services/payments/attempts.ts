import { randomUUID } from "node:crypto";
import adyen from "@adyen/api-library";
import { isOnlinePayment, type OrderAddress, toMinorUnits } from "@etalage/core";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, payments } from "../../db/schema.ts";
import type { SessionRequest } from "../../providers/payments/adyen.ts";
import type { OrderRow } from "../orders/read.ts";
import type { PaymentContext } from "./context.ts";
import { sendModification, writeModification } from "./modifications.ts";

/**
 * Starting a payment (issue 24 item 1, issue 31 item 1): each attempt is a Hosted Checkout
 * session for one method, and an order has one open attempt. A new one supersedes the open one
 * and asks Adyen to cancel whatever it may have authorised (`/cancels` by its reference); the
 * older session runs out with the order's payment window, and an authorisation that still comes
 * for it is reversed (events.ts).
 */

export type PayResult =
  | { ok: true; action: { type: "redirect"; url: string } }
  | { ok: false; code: 400 | 404 | 409 | 502; message: string };

const { CreateCheckoutSessionRequest } = adyen.Types.checkout;

/** A session must outlive the shopper's visit: less than this left of the window is too late. */
const MIN_SESSION_MS = 60_000;
/** Adyen's limit for a session's lifetime. */
const MAX_SESSION_MS = 24 * 60 * 60_000;

/** "Grote Staat 3" (or a second line "3") → Adyen's street and houseNumberOrName. */
function splitStreet(lines: readonly string[]): { street: string; houseNumberOrName: string } | null {
  const [first = "", second = ""] = lines.map((l) => l.trim());
  if (first && second) return { street: first, houseNumberOrName: second };
  const match = /^(.+?)\s+(\d+\s*[A-Za-z]?(?:[-\s]?\w{1,6})?)$/.exec(first);
  return match ? { street: match[1]!, houseNumberOrName: match[2]!.trim() } : null;
}

/** The session request for an attempt, with what Adyen asks for (docs/decisions/0032). */
function sessionRequest(
  order: OrderRow,
  attempt: { reference: string; method: string; amountCents: number; currency: string },
  returnUrl: string,
  expiresAt: Date,
): SessionRequest {
  const billing: OrderAddress = order.billingAddress;
  const street = splitStreet(billing.street);
  return {
    amount: { value: attempt.amountCents, currency: attempt.currency },
    reference: attempt.reference,
    merchantOrderReference: order.incrementId,
    returnUrl,
    mode: CreateCheckoutSessionRequest.ModeEnum.Hosted,
    channel: CreateCheckoutSessionRequest.ChannelEnum.Web,
    allowedPaymentMethods: [attempt.method === "card" ? "scheme" : "ideal"],
    countryCode: billing.country_id,
    shopperLocale: "nl-NL",
    shopperEmail: order.email,
    shopperName: { firstName: billing.firstname, lastName: billing.lastname },
    ...(street
      ? {
          billingAddress: {
            street: street.street,
            houseNumberOrName: street.houseNumberOrName,
            postalCode: billing.postcode,
            city: billing.city,
            country: billing.country_id,
          },
        }
      : {}),
    ...(billing.telephone ? { telephoneNumber: billing.telephone } : {}),
    expiresAt,
  };
}

/**
 * Starts paying `order` with `method` (its own, or another after a failure: the same order is
 * paid again, never a second order).
 */
export async function startAttempt(
  context: PaymentContext,
  order: OrderRow,
  token: string,
  method?: string,
): Promise<PayResult> {
  const use = method ?? order.paymentMethod;
  if (!isOnlinePayment(use))
    return { ok: false, code: 400, message: "body.method: is not an online payment method" };
  const now = Date.now();
  const windowEnds = Math.min(
    order.paymentExpiresAt?.getTime() ?? now + MAX_SESSION_MS,
    now + MAX_SESSION_MS,
  );
  const written = await context.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    if (locked?.status !== "pending")
      return {
        ok: false as const,
        code: 409 as const,
        message: `The order is ${locked?.status ?? "gone"}, not awaiting payment`,
      };
    if (windowEnds - now < MIN_SESSION_MS)
      return { ok: false as const, code: 409 as const, message: "The order's time to pay has run out" };
    const superseded = await tx
      .update(payments)
      .set({ status: "superseded", updatedAt: new Date() })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "pending")))
      .returning();
    const cancels = [];
    for (const old of superseded)
      cancels.push(await writeModification(tx, old, { kind: "technical_cancel", reason: "superseded" }));
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.orderId, order.id))) as [{ n: number }];
    const [attempt] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        reference: `${order.incrementId}-${n + 1}`,
        method: use,
        amountCents: toMinorUnits(order.grandTotal),
        currency: order.currency,
        idempotencyKey: randomUUID(),
        expiresAt: new Date(windowEnds),
      })
      .returning();
    return { ok: true as const, attempt: attempt!, cancels };
  });
  if (!written.ok) return written;
  const { attempt, cancels } = written;
  for (const cancel of cancels) void sendModification(context, cancel.id).catch(() => {});
  const returnUrl = `${context.publicUrl}/checkout-return?orderId=${order.incrementId}&token=${encodeURIComponent(token)}`;
  try {
    const session = await context.provider.sessions(
      sessionRequest(order, attempt, returnUrl, new Date(windowEnds)),
      attempt.idempotencyKey!,
    );
    if (!session.url) throw new Error("the session has no url: is mode hosted?");
    await context.db
      .update(payments)
      .set({ sessionId: session.id, sessionUrl: session.url, updatedAt: new Date() })
      .where(eq(payments.id, attempt.id));
    return { ok: true, action: { type: "redirect", url: session.url } };
  } catch (error) {
    context.log.warn({ error, reference: attempt.reference }, "payment provider refused /sessions");
    await context.db
      .update(payments)
      .set({ status: "error", updatedAt: new Date() })
      .where(eq(payments.id, attempt.id));
    return { ok: false, code: 502, message: "Payment failed" };
  }
}
