import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { carts } from "../../db/schema.ts";
import { type CartResult, fail, success } from "./errors.ts";

/**
 * Who is calling a cart endpoint. A guest is anyone holding a guest cart's id; a customer is
 * whoever presented that customer's token. The accounts module only has to turn a token into a
 * customer id (`CustomerTokenVerifier`); everything else here stays as it is.
 */
export type CartCaller =
  | { kind: "guest" }
  | { kind: "customer"; customerId: number; sessionExpires?: number };

/** Turns a customer token into the customer, or null when the token is not (or no longer) valid. */
export interface CustomerTokenVerifier {
  verify(token: string): Promise<{ customerId: number; sessionExpires?: number; externalId?: string } | null>;
}

/** The owner a cart answers to: a guest cart to its id alone, a customer cart to that customer. */
type CartOwner = { kind: "guest"; cartId: string } | { kind: "customer"; customerId: number; cartId: string };

export type CartRow = typeof carts.$inferSelect;

/** 128 random bits, base64url: the guest's only credential, so it must not be guessable. */
export function newCartId(): string {
  return randomBytes(16).toString("base64url");
}

function ownerOf(cart: Pick<CartRow, "id" | "customerId">): CartOwner {
  return cart.customerId === null
    ? { kind: "guest", cartId: cart.id }
    : { kind: "customer", customerId: cart.customerId, cartId: cart.id };
}

/** Whether the caller may use the cart (contract "Conventions": else 401). */
function mayUse(owner: CartOwner, caller: CartCaller): boolean {
  if (owner.kind === "guest") return true;
  return caller.kind === "customer" && caller.customerId === owner.customerId;
}

/** Whether the caller may have the cart: 404 (no such cart), 401 (someone else's), 409 (ordered, for writes). */
export function checkAccess(
  cart: CartRow | undefined,
  caller: CartCaller,
  forWrite = false,
): CartResult<CartRow> {
  if (!cart) return fail(404, "Cart not found", "querystring.cartId");
  if (!mayUse(ownerOf(cart), caller)) {
    return fail(
      401,
      "This cart belongs to a customer; log in as that customer to use it",
      "querystring.cartId",
    );
  }
  if (forWrite && !cart.isActive) {
    return fail(409, "This cart has been ordered and can no longer change", "querystring.cartId");
  }
  return success(cart);
}

/**
 * Locks the cart row for the rest of the transaction, so every write to one cart runs one at a
 * time. Touching updated_at takes the lock and reads the row in one round trip; a refused write
 * rolls the touch back with everything else.
 */
export async function lockCart(tx: Db, cartId: string, caller: CartCaller): Promise<CartResult<CartRow>> {
  const [cart] = await tx
    .update(carts)
    .set({ updatedAt: new Date() })
    .where(eq(carts.id, cartId))
    .returning();
  return checkAccess(cart, caller, true);
}
