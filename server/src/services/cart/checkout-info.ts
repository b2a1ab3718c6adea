import { couponRefusal } from "@etalage/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { carts, type StoredAddress } from "../../db/schema.ts";
import type { CartCatalog } from "./catalog-lines.ts";
import { couponProblem, findRules, normalizeCode } from "./coupons.ts";
import { type CartFailure, type CartResult, fail, success } from "./errors.ts";
import { writeContext } from "./items.ts";
import type { CartCaller, CartRow } from "./owner.ts";
import { isVirtualCart, type PaymentMethod, paymentMethodsFor } from "./payment.ts";
import { appliedRules, type PricedCart, priceCart, shippingContextOf, totalsOf } from "./pricing.ts";
import { findShippingMethod } from "./shipping.ts";
import type { CartTotals } from "./totals.ts";
import { cartWrite, type WriteAnswer } from "./write.ts";

interface Base {
  cartId: string;
  caller: CartCaller;
  idempotencyKey?: string;
}

/** Applies the changes to the locked cart, and prices it as it now is. */
async function changeCart(
  tx: Db,
  catalog: CartCatalog,
  cart: CartRow,
  change: Partial<CartRow>,
): Promise<PricedCart> {
  if (Object.keys(change).length > 0) await tx.update(carts).set(change).where(eq(carts.id, cart.id));
  return priceCart(tx, catalog, { ...cart, ...change });
}

/** The chosen method must deliver to the country, for this cart; a virtual cart has none. */
async function chooseShipping(
  tx: Db,
  priced: PricedCart,
  countryId: string,
  carrierCode: string,
  methodCode: string,
  path: string,
): Promise<CartResult<Partial<CartRow>>> {
  if (priced.virtual) return success({ shippingCarrierCode: null, shippingMethodCode: null });
  const free = (await appliedRules(tx, priced)).some((r) => r.freeShipping || r.action === "free_shipping");
  const method = findShippingMethod(
    shippingContextOf(priced, { countryId, freeShipping: free }),
    carrierCode,
    methodCode,
  );
  if (!method) return fail(400, `${carrierCode}_${methodCode} does not deliver to ${countryId}`, path);
  return success({ shippingCarrierCode: carrierCode, shippingMethodCode: methodCode });
}

function choosePayment(priced: PricedCart, code: string, path: string): CartFailure | null {
  return paymentMethodsFor(isVirtualCart(priced.lines)).some((m) => m.code === code)
    ? null
    : fail(400, `payment method ${code} is not available for this cart`, path);
}

interface AddressInput {
  countryId?: string;
  country_id?: string;
  [field: string]: unknown;
}

const KEPT_ADDRESS_FIELDS = [
  "firstname",
  "lastname",
  "street",
  "postcode",
  "city",
  "region",
  "region_id",
  "region_code",
] as const;

/** The delivery address as stored: the fields shipping needs, nulls dropped, country upper case. */
function storedAddress(input: AddressInput): StoredAddress {
  const address: Record<string, unknown> = {
    country_id: String(input.countryId ?? input.country_id).toUpperCase(),
  };
  for (const field of KEPT_ADDRESS_FIELDS) {
    if (input[field] !== undefined && input[field] !== null) address[field] = input[field];
  }
  return address as unknown as StoredAddress;
}

export interface ShippingInformationRequest extends Base {
  addressInformation: {
    shippingAddress: AddressInput;
    billingAddress?: AddressInput;
    shipping_method_code: string;
    shipping_carrier_code: string;
    payment_method_code?: string;
  };
}

/** `POST /shipping-information`: stores address and method → `{ payment_methods, totals }`. */
export async function shippingInformation(
  db: Db,
  catalog: CartCatalog,
  request: ShippingInformationRequest,
): Promise<CartResult<WriteAnswer>> {
  const info = request.addressInformation;
  const where = "body.addressInformation";
  return cartWrite(db, writeContext(request, "shipping-information", info), async (tx, cart) => {
    const address = storedAddress(info.shippingAddress);
    const country = address.country_id;
    const before = await priceCart(tx, catalog, cart);
    const shipping = await chooseShipping(
      tx,
      before,
      country,
      info.shipping_carrier_code,
      info.shipping_method_code,
      `${where}.shipping_method_code`,
    );
    if (!shipping.ok) return shipping;
    const change: Partial<CartRow> = { shippingAddress: address, ...shipping.value };
    if (info.payment_method_code) {
      const refused = choosePayment(before, info.payment_method_code, `${where}.payment_method_code`);
      if (refused) return refused;
      change.paymentMethodCode = info.payment_method_code;
    }
    const priced = await changeCart(tx, catalog, cart, change);
    const payment_methods: PaymentMethod[] = paymentMethodsFor(priced.virtual);
    return success({ payment_methods, totals: (await totalsOf(tx, priced)).totals });
  });
}

export interface CollectTotalsRequest extends Base {
  methods?: { paymentMethod?: { method: string }; shippingCarrierCode?: string; shippingMethodCode?: string };
}

/** `POST /collect-totals`: the totals for the methods given (which are kept on the cart). */
export async function collectTotals(
  db: Db,
  catalog: CartCatalog,
  request: CollectTotalsRequest,
): Promise<CartResult<WriteAnswer>> {
  const methods = request.methods ?? {};
  return cartWrite(db, writeContext(request, "collect-totals", methods), async (tx, cart) => {
    const before = await priceCart(tx, catalog, cart);
    const change: Partial<CartRow> = {};
    if (methods.shippingCarrierCode || methods.shippingMethodCode) {
      if (!methods.shippingCarrierCode || !methods.shippingMethodCode) {
        return fail(400, "give both shippingCarrierCode and shippingMethodCode", "body.methods");
      }
      const country = cart.shippingAddress?.country_id ?? shippingContextOf(before).countryId;
      const shipping = await chooseShipping(
        tx,
        before,
        country,
        methods.shippingCarrierCode,
        methods.shippingMethodCode,
        "body.methods.shippingMethodCode",
      );
      if (!shipping.ok) return shipping;
      Object.assign(change, shipping.value);
    }
    if (methods.paymentMethod) {
      const refused = choosePayment(
        before,
        methods.paymentMethod.method,
        "body.methods.paymentMethod.method",
      );
      if (refused) return refused;
      change.paymentMethodCode = methods.paymentMethod.method;
    }
    const priced = await changeCart(tx, catalog, cart, change);
    return success((await totalsOf(tx, priced)).totals as CartTotals);
  });
}

/** Checks codes against the cart as it is now; the first refusal names its field and reason. */
async function checkCodes(
  tx: Db,
  priced: PricedCart,
  codes: readonly string[],
  pathOf: (i: number) => string,
): Promise<CartFailure | null> {
  const rules = await findRules(tx, codes);
  const now = new Date();
  for (const [i, code] of codes.entries()) {
    const rule = rules.get(code);
    const reason = couponProblem(rule, { now, subtotalInclTax: priced.subtotalInclTax });
    if (reason) {
      const meta: Record<string, unknown> = { reason, code };
      if (reason === "minimum-not-met") meta.minimum_subtotal = rule?.minSubtotal;
      return fail(400, couponRefusal(reason), pathOf(i), meta);
    }
  }
  return null;
}

/** `POST /apply-coupon?coupon=X`: the cart's coupon becomes X when X applies to it. */
export async function applyCoupon(
  db: Db,
  catalog: CartCatalog,
  request: Base & { coupon: string },
): Promise<CartResult<WriteAnswer>> {
  const code = normalizeCode(request.coupon);
  return cartWrite(db, writeContext(request, "apply-coupon", { coupon: code }), async (tx, cart) => {
    const priced = await priceCart(tx, catalog, cart);
    const refused = await checkCodes(tx, priced, [code], () => "querystring.coupon");
    if (refused) return refused;
    await tx
      .update(carts)
      .set({ couponCodes: [code] })
      .where(eq(carts.id, cart.id));
    return success(true);
  });
}

/** `POST /delete-coupon`: the cart has no coupon. */
export async function deleteCoupon(db: Db, request: Base): Promise<CartResult<WriteAnswer>> {
  return cartWrite(db, writeContext(request, "delete-coupon", {}), async (tx, cart) => {
    await tx.update(carts).set({ couponCodes: [] }).where(eq(carts.id, cart.id));
    return success(true);
  });
}

/** `POST /apply-tritonx-discount { discount: [{ code }] }`: all codes apply, or none changes. */
export async function applyDiscounts(
  db: Db,
  catalog: CartCatalog,
  request: Base & { codes: readonly string[] },
): Promise<CartResult<WriteAnswer>> {
  const codes = request.codes.map(normalizeCode);
  const unique = [...new Set(codes)];
  return cartWrite(db, writeContext(request, "apply-tritonx-discount", { codes }), async (tx, cart) => {
    const priced = await priceCart(tx, catalog, cart);
    const refused = await checkCodes(
      tx,
      priced,
      unique,
      (i) => `body.discount[${codes.indexOf(unique[i]!)}].code`,
    );
    if (refused) return refused;
    await tx.update(carts).set({ couponCodes: unique }).where(eq(carts.id, cart.id));
    return success(true);
  });
}
