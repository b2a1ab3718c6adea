import type { OrderState } from "@etalage/core";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { CartCatalog } from "../cart/catalog-lines.ts";
import type { CartCaller } from "../cart/owner.ts";
import { hasStoredAnswer } from "../idempotency.ts";
import { claimGuestOrder } from "./claim.ts";
import { settleOrderRefund } from "./events.ts";
import { expireUnpaidOrders, moveOrder } from "./manage.ts";
import { placeOrder } from "./place.ts";
import {
  customerOrder,
  customerOrders,
  findOrderRow,
  listOrders,
  orderByNumber,
  orderForStatusToken,
  orderForToken,
} from "./read.ts";
import type { OrderConfirmedHook, PlaceOrderRequest } from "./types.ts";

export type { OrderConfirmedHook, PlacedOrder, PlaceOrderRequest } from "./types.ts";

/**
 * Orders (contract "Orders"): placement, reads for the account pages, the guest status page and
 * the operator, status changes and the expiry of unpaid orders. The accounts issue reads order
 * history through `ofCustomer`/`ofCustomerByNumber`; the mail port subscribes with `onConfirmed`.
 */
export class OrderService {
  private readonly confirmedHooks: OrderConfirmedHook[] = [];
  private expiryTimer: NodeJS.Timeout | undefined;
  /** The sweep under way: a short interval never stacks sweeps waiting on the same locks. */
  private expiring: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly catalog: CartCatalog,
    private readonly config: Pick<
      Config,
      "PUBLIC_URL" | "PAYMENT_EXPIRY_MINUTES" | "ORDER_EXPIRY_INTERVAL_MS"
    >,
    /** Payments go through the built-in test gateway (no Adyen credentials). */
    private readonly testPayments: boolean,
  ) {}

  /** Runs `hook(tx, orderId)` in the transaction that confirms an order (the confirmation mail). */
  onConfirmed(hook: OrderConfirmedHook): void {
    this.confirmedHooks.push(hook);
  }

  /** Whether this key already placed an order from this cart: the request would replay it. */
  placedWith(cartId: string, idempotencyKey: string): Promise<boolean> {
    return hasStoredAnswer(this.db, `cart:${cartId}:order`, idempotencyKey);
  }

  place(caller: CartCaller, idempotencyKey: string, request: PlaceOrderRequest) {
    return placeOrder({
      db: this.db,
      catalog: this.catalog,
      caller,
      idempotencyKey,
      request,
      paymentExpiryMinutes: this.config.PAYMENT_EXPIRY_MINUTES,
      testPayments: this.testPayments,
      payUrl: (n, token) =>
        `${this.config.PUBLIC_URL}/api/ext/adyen/redirect-url/${n}?token=${encodeURIComponent(token)}`,
      onConfirmed: this.confirmedHooks,
    });
  }

  byNumber(orderNumber: string) {
    return orderByNumber(this.db, orderNumber);
  }

  row(orderNumber: string) {
    return findOrderRow(this.db, orderNumber);
  }

  forToken(orderNumber: string, token: string) {
    return orderForToken(this.db, orderNumber, token);
  }

  /** The guest's status page and API: the order's token or its confirmation mail's. */
  forStatusToken(orderNumber: string, token: string) {
    return orderForStatusToken(this.db, orderNumber, token);
  }

  /** A guest's order joins the account of its own e-mail address (the thank-you page's offer). */
  claim(orderNumber: string, orderToken: string, customerId: number) {
    return claimGuestOrder(this.db, orderNumber, orderToken, customerId);
  }

  ofCustomer(customerId: number, page?: number, pageSize?: number) {
    return customerOrders(this.db, customerId, page, pageSize);
  }

  ofCustomerByNumber(customerId: number, orderNumber: string) {
    return customerOrder(this.db, customerId, orderNumber);
  }

  list(limit?: number) {
    return listOrders(this.db, limit);
  }

  move(orderId: number, to: OrderState, options: Parameters<typeof moveOrder>[3] = {}) {
    return moveOrder(this.db, orderId, to, { hooks: this.confirmedHooks, actor: "admin-api", ...options });
  }

  /** As `move`, in the caller's transaction (a payment notification moves the order with itself). */
  moveWithin(tx: Db, orderId: number, to: OrderState, options: Parameters<typeof moveOrder>[3] = {}) {
    return moveOrder(tx, orderId, to, { hooks: this.confirmedHooks, actor: "payment", ...options });
  }

  /** A refund's notification settles the back office's refund row (in the notification's transaction). */
  refundSettled(tx: Db, modificationId: number, status: "succeeded" | "failed", reason: string | null) {
    return settleOrderRefund(tx, modificationId, status, reason);
  }

  expireUnpaid(now?: Date) {
    return expireUnpaidOrders(this.db, now);
  }

  /** Checks for expired payments (any instance may; the row lock keeps each cancel once). */
  start(): void {
    this.expiryTimer = setInterval(() => {
      this.expiring ??= this.expireUnpaid()
        .catch(() => {})
        .finally(() => {
          this.expiring = undefined;
        });
    }, this.config.ORDER_EXPIRY_INTERVAL_MS);
    this.expiryTimer.unref();
  }

  stop(): void {
    clearInterval(this.expiryTimer);
  }
}
