/**
 * The payment methods Etalage offers, once (issue 14): the server's cart and order APIs take
 * these codes, the checkout shows their titles, and the footer shows their badges. The card
 * brands are those the card form takes; the shop's customer-service and terms pages name the
 * same methods (server/test/payment-methods-content.test.ts checks the content against this).
 */
export interface ShopPaymentMethod {
  code: "ideal" | "card" | "cashondelivery";
  /** The checkout's title (transactional §3 payment method `title`). */
  title: string;
  /** What the footer's badges name: the method, or the card brands it takes. */
  badges: readonly string[];
  /** Paid at the door: not for a cart with nothing to deliver (transactional §5). */
  needsDelivery: boolean;
}

export const SHOP_PAYMENT_METHODS: readonly ShopPaymentMethod[] = [
  { code: "ideal", title: "iDEAL", badges: ["iDEAL"], needsDelivery: false },
  {
    code: "card",
    title: "Creditcard",
    badges: ["Visa", "Mastercard", "American Express"],
    needsDelivery: false,
  },
  {
    code: "cashondelivery",
    title: "Betalen bij bezorging",
    badges: ["Rembours"],
    needsDelivery: true,
  },
];

/** The methods for a cart; a virtual cart (every line virtual or downloadable) pays online. */
export function paymentMethodsForCart(virtualCart: boolean): readonly ShopPaymentMethod[] {
  return SHOP_PAYMENT_METHODS.filter((m) => !(virtualCart && m.needsDelivery));
}

/** Every badge of every method, in the checkout's order: the footer's list. */
export const PAYMENT_BADGES: readonly string[] = SHOP_PAYMENT_METHODS.flatMap((m) => m.badges);

/** The title of a method's code, for an order's pages and mails; an unknown code as it is. */
export function paymentMethodTitle(code: string): string {
  return SHOP_PAYMENT_METHODS.find((m) => m.code === code)?.title ?? code;
}
