/**
 * Order states (transactional §4 "Order states"; Magento's): pending → processing → complete, or
 * closed (refunded) or canceled. The export states are the warehouse hand-off and show as processing.
 */
export const ORDER_STATUSES = [
  "pending",
  "processing",
  "complete",
  "closed",
  "canceled",
  "export_failed",
  "export_success",
] as const;

export type OrderState = (typeof ORDER_STATUSES)[number];

/** The dictionary key a state is shown by (its Dutch label comes from the dictionary). */
export function orderStatusLabelKey(status: OrderState): string {
  return status === "export_failed" || status === "export_success" ? "processing" : status;
}

// A paid order refunded in full is closed (Magento's closed), shipped or not (issue 30 item 8).
const NEXT: Record<OrderState, readonly OrderState[]> = {
  pending: ["processing", "canceled"],
  processing: ["complete", "canceled", "closed", "export_failed", "export_success"],
  export_failed: ["export_success", "processing", "canceled", "complete", "closed"],
  export_success: ["complete", "closed"],
  complete: ["closed"],
  closed: [],
  canceled: [],
};

/** Whether an operator (or a payment) may move an order from `from` to `to`. */
export function mayMoveOrder(from: OrderState, to: OrderState): boolean {
  return NEXT[from].includes(to);
}

/** Whether leaving `from` for `to` gives the order's stock back (nothing was or will be shipped). */
export function releasesStock(from: OrderState, to: OrderState): boolean {
  return to === "canceled" && from !== "canceled";
}

/** Payment methods the shop offers (transactional §3): the first two go through the payment provider. */
export const ONLINE_PAYMENT_METHODS = ["ideal", "card"] as const;

export function isOnlinePayment(method: string): boolean {
  return (ONLINE_PAYMENT_METHODS as readonly string[]).includes(method);
}

/** The state an order is placed in: cash on delivery needs no payment first. */
export function initialOrderStatus(paymentMethod: string): OrderState {
  return isOnlinePayment(paymentMethod) ? "pending" : "processing";
}

/** Amounts at a payment provider are in minor units (Adyen `amount.value`). */
export function toMinorUnits(euros: number): number {
  return Math.round(euros * 100);
}
