import { CART_MESSAGES, type Product } from "@etalage/core";
import type { StorefrontCart } from "../../lib/server-context.ts";
import { cartCookieHeader, cartIdFromCookie } from "../../session/cart-cookie.ts";
import { cartLinesFromForm, linesOfProduct } from "./cart-form.ts";

/**
 * Add to cart without JavaScript (server side only): the form's lines go into the shopper's
 * server cart, named by the cart cookie (a new guest cart when there is none, or when the cookie's
 * cart is gone, someone else's or already ordered). The client cart finds that cart through the
 * same cookie once JavaScript runs, so the lines show up in the microcart then. The cart service
 * is called in-process (StorefrontServices.cart), so the rules (stock, prices, validation) are
 * the cart API's and nothing is duplicated.
 */
export interface CartFormOutcome {
  added: boolean;
  /** A dictionary key or the server's message. */
  message: string;
  setCookie: string | null;
}

export async function addFormToServerCart(
  request: Request,
  cart: StorefrontCart,
  product: Product,
): Promise<CartFormOutcome> {
  const parsed = cartLinesFromForm(await request.formData(), product.custom_options ?? []);
  if ("error" in parsed) return { added: false, message: parsed.error, setCookie: null };
  // A page's form adds that page's product: a forged field naming any other sku is refused.
  if (!linesOfProduct(product, parsed.lines))
    return { added: false, message: "Product not found", setCookie: null };
  let cartId = cartIdFromCookie(request.headers.get("cookie"));
  let setCookie: string | null = null;
  const newCart = async () => {
    cartId = await cart.createGuestCart();
    setCookie = cartCookieHeader(cartId, new URL(request.url).protocol === "https:");
  };

  if (!cartId) await newCart();
  for (const [index, line] of parsed.lines.entries()) {
    let answer = await cart.addLine(cartId!, line);
    // The cookie's cart is gone, someone else's or ordered: start a new guest cart, once.
    if (index === 0 && !answer.ok && answer.code !== 400 && !setCookie) {
      await newCart();
      answer = await cart.addLine(cartId!, line);
    }
    if (!answer.ok) return { added: false, message: answer.message || CART_MESSAGES.outOfStock, setCookie };
  }
  return { added: true, message: CART_MESSAGES.added, setCookie };
}
