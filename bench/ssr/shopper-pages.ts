import { filledCart } from "../checkout/shop.ts";
import type { BenchPage } from "../lib/storefront-server.ts";

/** The cookie naming the shopper's cart (storefront/app/session/cart-cookie.ts). */
const CART_COOKIE = "etalage_cart";

/**
 * The pages every render of which is a customer's (issue 27 item 1): the HTML cache never answers
 * them, so their CPU per render is what each customer page view costs. `/checkout` with a filled
 * cart, whose loader reads the cart's summary; `/my-account`, whose customer data the browser asks
 * for with the customer's token once the frame is there, so its server render is the same for every
 * customer and a visit without a session measures it.
 */
export async function shopperPages(base: string): Promise<BenchPage[]> {
  const cartId = await filledCart(base);
  return [
    { name: "checkout", path: "/checkout", cookies: [{ name: CART_COOKIE, value: cartId }] },
    { name: "my-account", path: "/my-account" },
  ];
}
