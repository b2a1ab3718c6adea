import adyen from "@adyen/api-library";
import { isOnlinePayment, toMinorUnits } from "@etalage/core";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { paymentNotifications, payments } from "../../db/schema.ts";
import type { PaymentProvider } from "../../providers/payments/adyen.ts";
import type { OrderService } from "../orders/index.ts";
import type { OrderRow } from "../orders/read.ts";

export type PayResult =
  | { ok: true; action: { type: "redirect"; url: string } }
  | { ok: false; code: 400 | 404 | 409 | 502; message: string };

/** Adyen's result codes that end a payment (others wait for the shopper or the bank). */
const FINAL = new Set(["Authorised", "Refused", "Cancelled", "Error"]);

/**
 * The shop's side of payments (contract "Payments"): starts a payment of an order at the
 * provider, settles the shopper's return through `/payments/details`, and applies the provider's
 * notifications, the only thing that makes an order paid.
 */
export class PaymentService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
    private readonly provider: PaymentProvider,
    private readonly publicUrl: string,
    private readonly log: { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void },
  ) {}

  get testPayments(): boolean {
    return this.provider.test;
  }

  /** The order a guest (token) names, when the token is its own. */
  async orderFor(orderNumber: string, token: string): Promise<OrderRow | undefined> {
    const order = await this.orders.row(orderNumber);
    return order && (await this.orders.forToken(orderNumber, token)) ? order : undefined;
  }

  /**
   * Starts paying `order` with `method` (the order's own, or another after a failure: the same
   * order is paid again, never a second order). Each attempt is a payment row of its own.
   */
  async start(order: OrderRow, token: string, method?: string): Promise<PayResult> {
    const use = method ?? order.paymentMethod;
    if (!isOnlinePayment(use))
      return { ok: false, code: 400, message: "body.method: is not an online payment method" };
    if (order.status !== "pending")
      return { ok: false, code: 409, message: `The order is ${order.status}, not awaiting payment` };
    const [{ n }] = (await this.db
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.orderId, order.id))) as [{ n: number }];
    const reference = `${order.incrementId}-${n + 1}`;
    const amount = { value: toMinorUnits(order.grandTotal), currency: order.currency };
    const returnUrl = `${this.publicUrl}/checkout-return?orderId=${order.incrementId}&token=${encodeURIComponent(token)}`;
    await this.db.insert(payments).values({
      orderId: order.id,
      reference,
      method: use,
      amountCents: amount.value,
      currency: amount.currency,
    });
    try {
      const answer = await this.provider.payments(
        {
          amount,
          reference,
          returnUrl,
          paymentMethod: { type: use === "card" ? "scheme" : "ideal" },
          shopperEmail: order.email,
          countryCode: "NL",
          shopperLocale: "nl-NL",
        },
        `pay-${reference}`,
      );
      await this.db
        .update(payments)
        .set({
          pspReference: answer.pspReference ?? null,
          resultCode: answer.resultCode ?? null,
          updatedAt: new Date(),
        })
        .where(eq(payments.reference, reference));
      const url = answer.action?.url;
      if (!url) return { ok: false, code: 502, message: "Payment failed" };
      return { ok: true, action: { type: "redirect", url } };
    } catch (error) {
      this.log.warn({ error, reference }, "payment provider refused /payments");
      await this.db
        .update(payments)
        .set({ status: "error", updatedAt: new Date() })
        .where(eq(payments.reference, reference));
      return { ok: false, code: 502, message: "Payment failed" };
    }
  }

  /** The shopper came back with `redirectResult`: ask the provider how it ended. */
  async details(
    order: OrderRow,
    redirectResult: string,
  ): Promise<{ resultCode: string; isFinal: boolean } | { error: string }> {
    try {
      const answer = await this.provider.paymentsDetails(
        { details: { redirectResult } },
        `details-${redirectResult.slice(0, 64)}`,
      );
      const resultCode = String(answer.resultCode ?? "Error");
      const [attempt] = await this.db
        .select()
        .from(payments)
        .where(
          and(eq(payments.orderId, order.id), eq(payments.pspReference, String(answer.pspReference ?? ""))),
        )
        .limit(1);
      if (!attempt) return { error: "Payment failed" };
      const status =
        resultCode === "Refused"
          ? "refused"
          : resultCode === "Cancelled"
            ? "cancelled"
            : resultCode === "Error"
              ? "error"
              : attempt.status;
      await this.db
        .update(payments)
        .set({ resultCode, status, updatedAt: new Date() })
        .where(eq(payments.id, attempt.id));
      return { resultCode, isFinal: FINAL.has(resultCode) };
    } catch (error) {
      this.log.warn({ error, order: order.incrementId }, "payment provider refused /payments/details");
      return { error: "Payment failed" };
    }
  }

  /** What the storefront shows while it waits: paid, pending or failed. */
  async status(
    order: OrderRow,
  ): Promise<{ orderStatus: string; paid: boolean; payment: string | null; resultCode: string | null }> {
    const [last] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(desc(payments.id))
      .limit(1);
    const fresh = (await this.orders.row(order.incrementId)) ?? order;
    return {
      orderStatus: fresh.status,
      paid: fresh.paidAt !== null,
      payment: last?.status ?? null,
      resultCode: last?.resultCode ?? null,
    };
  }

  /** Whether a notification item carries our HMAC key's signature (Adyen's own validator). */
  verify(item: Record<string, any>): boolean {
    try {
      return new adyen.hmacValidator().validateHMAC(item as never, this.provider.hmacKey);
    } catch {
      return false;
    }
  }

  /**
   * Applies one verified notification item once. An AUTHORISATION with success makes the order
   * paid (processing) only when amount and currency are the order's own; anything else is logged.
   */
  async apply(item: Record<string, any>): Promise<void> {
    const inserted = await this.db
      .insert(paymentNotifications)
      .values({
        pspReference: String(item.pspReference),
        eventCode: String(item.eventCode),
        success: item.success === "true",
        merchantReference: String(item.merchantReference),
        body: item,
      })
      .onConflictDoNothing()
      .returning({ psp: paymentNotifications.pspReference });
    if (inserted.length === 0 || item.eventCode !== "AUTHORISATION") return;
    const [attempt] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.reference, String(item.merchantReference)));
    if (!attempt) {
      this.log.warn({ reference: item.merchantReference }, "notification for an unknown payment");
      return;
    }
    const success = item.success === "true";
    const sameAmount =
      item.amount?.value === attempt.amountCents && item.amount?.currency === attempt.currency;
    if (success && !sameAmount) {
      this.log.warn(
        {
          reference: attempt.reference,
          amount: item.amount,
          expected: { value: attempt.amountCents, currency: attempt.currency },
        },
        "AUTHORISATION amount differs from the order: not paid",
      );
      return;
    }
    await this.db
      .update(payments)
      .set({
        status: success ? "authorised" : "refused",
        pspReference: String(item.pspReference),
        updatedAt: new Date(),
      })
      .where(eq(payments.id, attempt.id));
    if (!success) return;
    const moved = await this.orders.move(attempt.orderId, "processing", {
      onlyFrom: "pending",
      extra: { paidAt: new Date() },
    });
    if (!moved.ok)
      this.log.warn(
        { reference: attempt.reference, reason: moved.message },
        "paid order was not pending (paid twice, or canceled): refund by hand",
      );
  }
}
