import type { CartItemUpdate } from "@etalage/core";
import type { StorefrontCart } from "@etalage/storefront/server-context";
import { updateBody } from "../api/cart/validators.ts";
import type { CartCaller, CartService } from "../services/cart/index.ts";

/** The form post carries no customer token: the no-JavaScript add to cart is always a guest's. */
const GUEST: CartCaller = { kind: "guest" };

/**
 * The server cart in-process, for the product form posted without JavaScript
 * (storefront features/cart/cart-form-action.ts). A line passes the same schema as the body of
 * `POST /update` before the same service takes it, so the form path cannot skip a rule the API
 * keeps, and a forged field is a 400, never a 500.
 */
export function storefrontCart(cart: CartService): StorefrontCart {
  return {
    createGuestCart: () => cart.create(GUEST),
    async addLine(cartId, line) {
      const parsed = updateBody.safeParse({ cartItem: { ...line, quoteId: cartId } });
      if (!parsed.success) {
        return { ok: false, code: 400, message: parsed.error.issues[0]?.message ?? "invalid cart line" };
      }
      const result = await cart.update({
        cartId,
        caller: GUEST,
        cartItem: parsed.data.cartItem as CartItemUpdate,
      });
      return result.ok ? { ok: true } : { ok: false, code: result.code, message: result.message };
    },
  };
}
