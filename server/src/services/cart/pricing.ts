import { STORE, toCents } from "@etalage/core";
import type { Db } from "../../db/client.ts";
import { type CartCatalog, resolveSellable } from "./catalog-lines.ts";
import { applicableRules, findRules } from "./coupons.ts";
import { type CartResult, success } from "./errors.ts";
import { type CartItemRow, cartLines, findCartWithLines } from "./items.ts";
import type { CartCaller, CartRow } from "./owner.ts";
import { isVirtualCart, type PaymentMethod, paymentMethodsFor } from "./payment.ts";
import {
  findShippingMethod,
  freeShippingFor,
  type ShippingContext,
  type ShippingMethod,
  shippingMethodsFor,
} from "./shipping.ts";
import { type CartTotals, computeTotals, type DiscountRule, type TotalsLine } from "./totals.ts";

/** A cart priced from today's catalogue: every answer about money starts here. */
export interface PricedCart {
  cart: CartRow;
  lines: (TotalsLine & { isVirtual: boolean })[];
  /** Skus of lines the catalogue no longer sells: left out of the totals, kept in the cart. */
  unavailable: string[];
  subtotalInclTax: number;
  virtual: boolean;
}

export async function priceCart(
  db: Db,
  catalog: CartCatalog,
  cart: CartRow,
  knownLines?: readonly CartItemRow[],
): Promise<PricedCart> {
  const rows = knownLines ?? (await cartLines(db, cart.id));
  const lines: PricedCart["lines"] = [];
  const unavailable: string[] = [];
  for (const row of rows) {
    const sellable = resolveSellable(catalog, row.sku, row.productOption, "line");
    if (!sellable.ok) {
      unavailable.push(row.sku);
      continue;
    }
    const { name, parts, options, isVirtual } = sellable.value;
    lines.push({ item_id: row.id, sku: row.sku, name, qty: row.qty, parts, options, isVirtual });
  }
  const subtotalCents = lines.reduce(
    (sum, l) => sum + l.parts.reduce((s, p) => s + toCents(p.unitInclTax) * l.qty, 0),
    0,
  );
  return { cart, lines, unavailable, subtotalInclTax: subtotalCents / 100, virtual: isVirtualCart(lines) };
}

export interface TotalsAnswer {
  totals: CartTotals;
  unavailable: string[];
}

/** Totals of a priced cart: coupons that apply now, and the chosen shipping method if any. */
export async function totalsOf(db: Db, priced: PricedCart, now: Date = new Date()): Promise<TotalsAnswer> {
  return totalsFrom(priced, await appliedRules(db, priced, now));
}

function totalsFrom(priced: PricedCart, applied: DiscountRule[]): TotalsAnswer {
  const { cart } = priced;
  const shippingContext = shippingContextOf(priced, { freeShipping: givesFreeShipping(applied) });
  const method =
    !priced.virtual && cart.shippingCarrierCode && cart.shippingMethodCode
      ? findShippingMethod(shippingContext, cart.shippingCarrierCode, cart.shippingMethodCode)
      : undefined;
  const totals = computeTotals({
    lines: priced.lines,
    rules: applied,
    shipping: method
      ? {
          carrier_code: method.carrier_code,
          method_code: method.method_code,
          title: method.method_title,
          priceInclTax: method.price_incl_tax,
        }
      : null,
  });
  const freeShipping = priced.virtual ? null : freeShippingFor(shippingContext);
  if (freeShipping) totals.extension_attributes = { free_shipping: freeShipping };
  return { totals, unavailable: priced.unavailable };
}

export function shippingContextOf(
  priced: PricedCart,
  options: { countryId?: string; freeShipping?: boolean } = {},
): ShippingContext {
  return {
    countryId: options.countryId ?? priced.cart.shippingAddress?.country_id ?? STORE.countryId,
    subtotalInclTax: priced.subtotalInclTax,
    freeShipping: options.freeShipping ?? false,
  };
}

async function readCart(
  db: Db,
  caller: CartCaller,
  cartId: string,
  catalog: CartCatalog,
): Promise<CartResult<PricedCart>> {
  const found = await findCartWithLines(db, cartId, caller);
  if (!found.ok) return found;
  return success(await priceCart(db, catalog, found.value.cart, found.value.lines));
}

export async function cartTotals(
  db: Db,
  catalog: CartCatalog,
  caller: CartCaller,
  cartId: string,
): Promise<CartResult<TotalsAnswer>> {
  const priced = await readCart(db, caller, cartId, catalog);
  if (!priced.ok) return priced;
  return success(await totalsOf(db, priced.value));
}

export async function cartPaymentMethods(
  db: Db,
  catalog: CartCatalog,
  caller: CartCaller,
  cartId: string,
): Promise<CartResult<PaymentMethod[]>> {
  const priced = await readCart(db, caller, cartId, catalog);
  if (!priced.ok) return priced;
  return success(paymentMethodsFor(priced.value.virtual));
}

/**
 * `POST /shipping-methods`: the methods that deliver to the address's country, priced for this
 * cart (free-from threshold, free-shipping coupons). A virtual cart needs no delivery: none.
 */
export async function cartShippingMethods(
  db: Db,
  catalog: CartCatalog,
  caller: CartCaller,
  cartId: string,
  countryId: string,
): Promise<CartResult<ShippingMethod[]>> {
  const priced = await readCart(db, caller, cartId, catalog);
  if (!priced.ok) return priced;
  if (priced.value.virtual) return success([]);
  return success(methodsFor(priced.value, await appliedRules(db, priced.value), countryId));
}

/** The methods that deliver a cart to the country, priced with its coupons; none for a virtual cart. */
function methodsFor(
  priced: PricedCart,
  applied: readonly DiscountRule[],
  countryId: string,
): ShippingMethod[] {
  if (priced.virtual) return [];
  const freeShipping = givesFreeShipping(applied);
  return shippingMethodsFor(shippingContextOf(priced, { countryId, freeShipping }));
}

export interface CheckoutAnswer extends TotalsAnswer {
  shippingMethods: ShippingMethod[];
  paymentMethods: PaymentMethod[];
}

/**
 * What the checkout page shows of a cart, from one read of it and its coupons: its totals, the
 * methods that deliver to the country and those that pay. The same answers as `totals`,
 * `shipping-methods` and `payment-methods` one by one, which read the cart three times (issue 27:
 * those reads were a third of the checkout's CPU per render on PGlite).
 */
export async function cartCheckout(
  db: Db,
  catalog: CartCatalog,
  caller: CartCaller,
  cartId: string,
  countryId: string,
): Promise<CartResult<CheckoutAnswer>> {
  const priced = await readCart(db, caller, cartId, catalog);
  if (!priced.ok) return priced;
  const applied = await appliedRules(db, priced.value);
  return success({
    ...totalsFrom(priced.value, applied),
    shippingMethods: methodsFor(priced.value, applied, countryId),
    paymentMethods: paymentMethodsFor(priced.value.virtual),
  });
}

/** The cart's coupons that apply now; the others stay on the cart but count for nothing. */
export async function appliedRules(
  db: Db,
  priced: PricedCart,
  now: Date = new Date(),
): Promise<DiscountRule[]> {
  const rules = await findRules(db, priced.cart.couponCodes);
  return applicableRules(priced.cart.couponCodes, rules, { now, subtotalInclTax: priced.subtotalInclTax });
}

function givesFreeShipping(rules: readonly DiscountRule[]): boolean {
  return rules.some((r) => r.freeShipping || r.action === "free_shipping");
}
