/**
 * Orders placed offline (transactional §4 "Offline", §8 "Offline orders"; issue 17). Pure rules:
 * the storefront keeps the orders and sends them; these decide what an answer means. Unlike VSF1,
 * an order is never shown as placed before the server took it: until then it is waiting, and a
 * refusal (stock, a price or address the server would not take, a payment it needs) says why.
 */

export const OFFLINE_ORDER_MESSAGES = {
  waiting: "Order waiting!",
  confirm: "Click here to confirm the order that you made offline.",
  outOfStock: "Some of the ordered products are not available!",
  failed: "Error: Error placing an order",
  paymentFailed: "Payment failed",
  changed:
    "The prices or products of your cart changed after you placed the order offline. Check your cart and place the order again.",
} as const;

/** `VITE_OFFLINE_ORDERS=auto`: send when back online without asking. */
export type OfflineOrderMode = "auto" | "confirm";

export function offlineOrderMode(value: string | undefined): OfflineOrderMode {
  return value?.trim().toLowerCase() === "auto" ? "auto" : "confirm";
}

/** Back online, an order goes without asking when so configured or on the thank-you page. */
export function sendsWithoutAsking(mode: OfflineOrderMode, onThankYouPage: boolean): boolean {
  return mode === "auto" || onThankYouPage;
}

export interface PlacedOrder {
  orderNumber: string;
  backendOrderId?: string | number;
  status?: string;
  orderToken?: string;
  payment?: { action?: { type: string; url?: string } };
}

export type OfflineOrderOutcome =
  /** Taken by the server; an online payment continues at `payment.action`. */
  | { kind: "placed"; order: PlacedOrder }
  /** Refused for good: the message (a dictionary key) and, for stock, the skus. */
  | { kind: "refused"; message: string; skus?: string[] }
  /** No answer (offline, a network error, 5xx, 429, 408): send again later, same key. */
  | { kind: "waiting" };

/**
 * What `POST /api/order`'s answer means for an order sent from the offline queue. `status` is
 * null when no answer came. The same idempotency key answers the same, so "waiting" is safe to
 * retry and an answer is final.
 */
export function offlineOrderOutcome(status: number | null, body: unknown): OfflineOrderOutcome {
  if (status === null || status >= 500 || status === 429 || status === 408) return { kind: "waiting" };
  const envelope = (typeof body === "object" && body !== null ? body : {}) as {
    result?: unknown;
    meta?: { skus?: unknown };
  };
  if (status === 200) {
    const order = envelope.result as PlacedOrder | undefined;
    if (order && typeof order === "object" && typeof order.orderNumber === "string" && order.orderNumber) {
      return { kind: "placed", order };
    }
    return { kind: "refused", message: OFFLINE_ORDER_MESSAGES.failed };
  }
  const skus = Array.isArray(envelope.meta?.skus)
    ? envelope.meta.skus.filter((s): s is string => typeof s === "string")
    : [];
  if (status === 409 && skus.length > 0) {
    return { kind: "refused", message: OFFLINE_ORDER_MESSAGES.outOfStock, skus };
  }
  if (status === 402) return { kind: "refused", message: OFFLINE_ORDER_MESSAGES.paymentFailed };
  return { kind: "refused", message: serverMessage(envelope.result) ?? OFFLINE_ORDER_MESSAGES.failed };
}

/** The server's message: `result` as text, or `result.result` / `result.message` (transactional §8). */
function serverMessage(result: unknown): string | undefined {
  if (typeof result === "string" && result.trim()) return result;
  if (typeof result === "object" && result !== null) {
    const inner = result as { result?: unknown; message?: unknown };
    if (typeof inner.result === "string" && inner.result.trim()) return inner.result;
    if (typeof inner.message === "string" && inner.message.trim()) return inner.message;
  }
  return undefined;
}

/**
 * Where the shopper goes once an offline order is placed: the payment page when the order still
 * has to be paid (iDEAL, card), which returns to `/checkout-return`; otherwise straight there,
 * with the order's token, the thank-you page of an order paid on delivery.
 */
export function placedOrderNextUrl(order: PlacedOrder): string {
  const pay = order.payment?.action?.url;
  if (pay) return pay;
  const token = encodeURIComponent(order.orderToken ?? "");
  return `/checkout-return?orderId=${encodeURIComponent(order.orderNumber)}&token=${token}`;
}

/** A cart line as the checkout showed it and as the server's totals list it now. */
export interface PricedLine {
  sku: string;
  qty: number;
  row_total_incl_tax: number;
}

/**
 * Whether the cart an offline order is made of changed since the shopper placed it: another sku,
 * another quantity or another line price (a price change, a sale ended). The server prices the
 * order anew from the catalogue, so such an order would charge what the shopper never saw: it is
 * refused before it is sent. Shipping and payment costs are not lines and are the server's.
 */
export function offlineOrderChanged(placed: readonly PricedLine[], now: readonly PricedLine[]): boolean {
  const key = (lines: readonly PricedLine[]) =>
    lines
      .map((l) => `${l.sku}\u0000${l.qty}\u0000${Math.round(l.row_total_incl_tax * 100)}`)
      .sort()
      .join("\n");
  return key(placed) !== key(now);
}
