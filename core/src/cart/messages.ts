/**
 * The cart's notification texts (transactional §4, §8). They are dictionary keys: the storefront
 * shows them through `t()`, so they stay in the spec's English here.
 */
export const CART_MESSAGES = {
  added: "Product has been added to the cart!",
  qtyUpdated: "Product quantity has been updated!",
  priceUnknown: "Product price is unknown, product cannot be added to the cart!",
  outOfStock: "The product is out of stock and cannot be added to the cart!",
  volatile:
    "The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.",
  inStock: "In stock!",
  outOfStockSync: "Out of the stock!",
  invalidQty: "Quantity must be above 0",
  qtyTooHigh: "You can order at most 999 of one product",
  tooManyLines: "The cart can hold at most 100 different products",
  invalidCoupon: "Not a valid coupon code",
  /** Issue 23, item 17: a code that did exist says why it no longer works. */
  couponExpired: "This discount code has expired",
  couponUsedUp: "This discount code has already been used",
  couponNotYetValid: "This discount code is not valid yet",
  cartIdRequired: "This task needs a cart id and there is none",
  /** Issue 14: a quantity the stock cannot meet says what is possible. */
  onlyLeft: "Only {available} left in stock",
} as const;

export type CartMessage = (typeof CART_MESSAGES)[keyof typeof CART_MESSAGES];

/** A notification the cart asks the storefront to show (types as in core/ui/notifications). */
export interface CartNotice {
  type: "success" | "info" | "warning" | "danger";
  message: string;
}

/** A refused cart update as the shopper reads it: a dictionary key and its parameters. */
export interface RefusalText {
  message: string;
  params?: Record<string, string | number>;
}

/**
 * What the server's refusal of a cart update means for the shopper (issue 14). The error envelope
 * names the field ("body.cartItem.qty: The requested qty is not available") for developers; a
 * shopper hears what is possible: "Nog 13 op voorraad", or that the product is sold out, from
 * the `available` the server sends. Other refusals keep their message without the field path.
 */
export function refusalText(body: unknown): RefusalText {
  type Fields = { available?: unknown; errors?: { message?: unknown }[] };
  const envelope = (typeof body === "object" && body !== null ? body : {}) as Fields & {
    result?: unknown;
    message?: unknown;
    meta?: Fields;
  };
  // The envelope keeps the details in `meta` ({ code, result, meta: { errors, sku, available } }).
  const answer = { ...envelope, ...envelope.meta };
  const available = answer.available;
  if (typeof available === "number" && Number.isInteger(available) && available >= 0) {
    return available === 0
      ? { message: CART_MESSAGES.outOfStock }
      : { message: CART_MESSAGES.onlyLeft, params: { available } };
  }
  const field = answer.errors?.[0]?.message;
  if (typeof field === "string" && field) return { message: field };
  const text =
    typeof body === "string" ? body : [answer.result, answer.message].find((m) => typeof m === "string");
  return { message: typeof text === "string" ? text.replace(/^[\w.[\]]+: /, "") : "" };
}

/**
 * What the shopper reads when a coupon is refused, by the server's `meta.reason` (coupons.ts
 * `CouponProblem`): an expired, a used-up (single-use) and a not-yet-valid code say so; every other
 * refusal, an unknown code included, stays 'Not a valid coupon code' (transactional §8).
 */
export function couponRefusal(reason: unknown): string {
  if (reason === "expired") return CART_MESSAGES.couponExpired;
  if (reason === "used-up") return CART_MESSAGES.couponUsedUp;
  if (reason === "not-yet-valid") return CART_MESSAGES.couponNotYetValid;
  return CART_MESSAGES.invalidCoupon;
}
