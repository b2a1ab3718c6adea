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
  cartIdRequired: "This task needs a cart id and there is none",
} as const;

export type CartMessage = (typeof CART_MESSAGES)[keyof typeof CART_MESSAGES];

/** A notification the cart asks the storefront to show (types as in core/ui/notifications). */
export interface CartNotice {
  type: "success" | "info" | "warning" | "danger";
  message: string;
}
