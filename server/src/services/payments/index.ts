import adyen from "@adyen/api-library";
import type { NotificationRequestItem } from "@adyen/api-library/lib/src/typings/notification/notificationRequestItem.js";
import type { Db } from "../../db/client.ts";
import type { payments } from "../../db/schema.ts";
import type { PaymentProvider } from "../../providers/payments/adyen.ts";
import type { OrderService } from "../orders/index.ts";
import type { OrderRow } from "../orders/read.ts";
import { listAlerts, type PaymentAlert, resolveAlert } from "./alerts.ts";
import { type PayResult, startAttempt } from "./attempts.ts";
import type { PaymentContext } from "./context.ts";
import { applyNotification, type NotificationItem } from "./events.ts";
import {
  type Modification,
  ModificationSender,
  type RefundReason,
  sendModification,
  writeModification,
} from "./modifications.ts";
import {
  cancelOrderPayment,
  captureOrder,
  type ModificationOutcome,
  type ModificationView,
  orderModifications,
  refundOrCancelOrder,
  refundOrder,
} from "./operations.ts";
import { paymentStatus, type Returned, type Settled, settleReturn } from "./returns.ts";

type PaymentRow = typeof payments.$inferSelect;

export type { PaymentAlert } from "./alerts.ts";
export type { PayResult } from "./attempts.ts";
export type { NotificationItem } from "./events.ts";
export type { RefundReason } from "./modifications.ts";
export type { ModificationOutcome, ModificationView } from "./operations.ts";
export type { Returned } from "./returns.ts";

/**
 * The shop's side of payments (contract "Payments"; docs/decisions/0032): starts a Hosted
 * Checkout attempt for an order, settles the shopper's return, applies Adyen's notifications (the
 * only thing that makes an order paid) and asks Adyen for modifications on staff's behalf.
 */
export class PaymentService {
  readonly #context: PaymentContext;
  readonly #sender: ModificationSender;

  constructor(
    db: Db,
    orders: OrderService,
    private readonly provider: PaymentProvider,
    publicUrl: string,
    log: PaymentContext["log"],
  ) {
    this.#sender = new ModificationSender(() => this.#context);
    this.#context = {
      db,
      orders,
      provider,
      publicUrl,
      log,
      kickModifications: () => void this.#sender.sendDue().catch(() => {}),
    };
  }

  get testPayments(): boolean {
    return this.provider.test;
  }

  /** Sends modifications left `requested` (Adyen unreachable, a crash), in every instance. */
  start(): void {
    this.#sender.start();
  }

  stop(): Promise<void> {
    return this.#sender.stop();
  }

  /** One round of the modification sender now. */
  sendDueModifications(now?: Date): Promise<number> {
    return this.#sender.sendDue(now);
  }

  /** The order a guest (token) names, when the token is its own. */
  async orderFor(orderNumber: string, token: string): Promise<OrderRow | undefined> {
    const order = await this.#context.orders.row(orderNumber);
    return order && (await this.#context.orders.forToken(orderNumber, token)) ? order : undefined;
  }

  /** Starts paying `order` (with `method`, after a failure): its one open attempt. */
  pay(order: OrderRow, token: string, method?: string): Promise<PayResult> {
    return startAttempt(this.#context, order, token, method);
  }

  /** The shopper came back (sessionId and sessionResult, or a redirectResult): how it ended. */
  settle(order: OrderRow, returned: Returned): Promise<Settled> {
    return settleReturn(this.#context, order, returned);
  }

  status(order: OrderRow) {
    return paymentStatus(this.#context, order);
  }

  /**
   * Whether a notification item is signed with our HMAC key (Adyen's own validator) and for our
   * merchant account. An empty key verifies nothing, whatever the configuration (issue 30).
   */
  verify(item: NotificationRequestItem): "ok" | "signature" | "merchant" {
    if (!this.provider.hmacKey) return "signature";
    try {
      if (!new adyen.hmacValidator().validateHMAC(item, this.provider.hmacKey)) return "signature";
    } catch {
      return "signature";
    }
    return item.merchantAccountCode === this.provider.merchantAccount ? "ok" : "merchant";
  }

  /** Applies one verified notification item once; answers whether it was new. */
  apply(item: NotificationItem): Promise<boolean> {
    return applyNotification(this.#context, item);
  }

  // What staff do (the back office, issue 25): each answers the modification as Adyen took it.

  /** Captures the order's payment (all, or `amountCents`). */
  capture(orderNumber: string, options: { amountCents?: number } = {}): Promise<ModificationOutcome> {
    return captureOrder(this.#context, orderNumber, options);
  }

  /** Refunds the order's payment: all that is left, or `amountCents`; `reference` makes it once. */
  refund(
    orderNumber: string,
    options: { amountCents?: number; reference?: string; reason?: RefundReason } = {},
  ): Promise<ModificationOutcome> {
    return refundOrder(this.#context, orderNumber, options);
  }

  /** Cancels the order's uncaptured payment; the order is cancelled by the CANCELLATION notification. */
  cancel(orderNumber: string): Promise<ModificationOutcome> {
    return cancelOrderPayment(this.#context, orderNumber);
  }

  /** Cancels or refunds the order's payment in full; the order follows the CANCEL_OR_REFUND notification. */
  refundOrCancel(orderNumber: string): Promise<ModificationOutcome> {
    return refundOrCancelOrder(this.#context, orderNumber);
  }

  /**
   * Writes a modification of `attempt` in the caller's transaction, for the back office whose own
   * rules (core `decideFulfilment`) decided it; `send` asks Adyen once that transaction committed.
   */
  request(
    tx: Db,
    attempt: PaymentRow,
    request: Parameters<typeof writeModification>[2],
  ): Promise<Modification> {
    return writeModification(tx, attempt, request);
  }

  send(modificationId: number): Promise<Modification | undefined> {
    return sendModification(this.#context, modificationId);
  }

  modifications(orderNumber: string): Promise<ModificationView[]> {
    return orderModifications(this.#context.db, orderNumber);
  }

  /** Alerts for staff (second authorisations reversed, chargebacks, refused modifications). */
  alerts(filter: { open?: boolean; orderNumber?: string; limit?: number } = {}): Promise<PaymentAlert[]> {
    return listAlerts(this.#context.db, filter);
  }

  resolveAlert(id: number): Promise<boolean> {
    return resolveAlert(this.#context.db, id);
  }
}
