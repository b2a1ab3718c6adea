import { createHash, randomBytes } from "node:crypto";
import { initialOrderStatus, isOnlinePayment } from "@etalage/core";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { carts, orderItems, orders, stock } from "../../db/schema.ts";
import { type CartCatalog, resolveSellable } from "../cart/catalog-lines.ts";
import { recordCouponUse } from "../cart/coupons.ts";
import { type CartResult, fail, success } from "../cart/errors.ts";
import { cartLines } from "../cart/items.ts";
import { type CartCaller, type CartRow, checkAccess } from "../cart/owner.ts";
import { paymentMethodsFor } from "../cart/payment.ts";
import { appliedRules, priceCart, shippingContextOf } from "../cart/pricing.ts";
import { findShippingMethod } from "../cart/shipping.ts";
import { computeTotals } from "../cart/totals.ts";
import { cartWrite, type WriteAnswer } from "../cart/write.ts";
import { findServicePoint, findStore } from "../stores/index.ts";
import { recordOrderEvent } from "./events.ts";
import {
  ORDER_MESSAGES,
  type OrderConfirmedHook,
  type PlacedOrder,
  type PlaceOrderRequest,
} from "./types.ts";

export interface PlaceOptions {
  db: Db;
  catalog: CartCatalog;
  caller: CartCaller;
  idempotencyKey: string;
  request: PlaceOrderRequest;
  /** Minutes an online payment may take before the order is canceled and its stock released. */
  paymentExpiryMinutes: number;
  /** Orders are paid through the built-in test gateway (no real money). */
  testPayments: boolean;
  /** Where the storefront sends the shopper to pay (the shop's own redirect endpoint). */
  payUrl: (orderNumber: string, token: string) => string;
  onConfirmed: readonly OrderConfirmedHook[];
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Places an order from the server cart in one transaction (contract "Orders"): the cart locked
 * first, the Idempotency-Key claimed, every price recomputed from the catalogue, stock rows locked
 * in sku order and decremented, coupon uses counted, order and lines written, the cart closed.
 * Any refusal rolls all of it back: nothing is written for a refused order.
 */
export function placeOrder(options: PlaceOptions): Promise<CartResult<WriteAnswer>> {
  const { request, caller } = options;
  return cartWrite(
    options.db,
    {
      cartId: request.cart_id,
      caller,
      operation: "order",
      idempotency: { key: options.idempotencyKey, request },
    },
    (tx, cart) => writeOrder(tx, cart, options),
    lockOrderedCartToo,
  );
}

/**
 * Locks the cart as every cart write does, but lets an ordered cart through: the same
 * Idempotency-Key must replay its order after the cart closed; `writeOrder` refuses a new one.
 */
async function lockOrderedCartToo(tx: Db, cartId: string, caller: CartCaller) {
  const [cart] = await tx
    .update(carts)
    .set({ updatedAt: new Date() })
    .where(eq(carts.id, cartId))
    .returning();
  const checked = checkAccess(cart, caller);
  return checked.ok ? success({ cart: checked.value }) : checked;
}

async function writeOrder(tx: Db, cart: CartRow, options: PlaceOptions): Promise<CartResult<PlacedOrder>> {
  const { request, catalog } = options;
  const info = request.addressInformation;
  if (request.user_id !== undefined) {
    const own = options.caller.kind === "customer" ? String(options.caller.customerId) : undefined;
    if (own !== request.user_id) return fail(401, "user_id does not match the token", "body.user_id");
  }

  if (!cart.isActive) return fail(409, "This cart has been ordered already", "body.cart_id");
  const rows = await cartLines(tx, cart.id);
  if (rows.length === 0) return fail(400, "The cart is empty", "body.cart_id");

  // What every line takes from stock, per sku; a line the catalogue no longer sells is short.
  const need = new Map<string, number>();
  const unavailable: string[] = [];
  const stockOfLine = new Map<number, { sku: string; qty: number }[]>();
  for (const row of rows) {
    const sellable = resolveSellable(catalog, row.sku, row.productOption, "line");
    if (!sellable.ok) {
      unavailable.push(row.sku);
      continue;
    }
    stockOfLine.set(row.id, sellable.value.stock);
    for (const part of sellable.value.stock)
      need.set(part.sku, (need.get(part.sku) ?? 0) + part.qty * row.qty);
  }
  if (unavailable.length > 0) return fail(409, ORDER_MESSAGES.notAvailable, undefined, { skus: unavailable });

  // Locked in sku order: two orders never wait on each other's rows the other way round.
  const skus = [...need.keys()].sort();
  const locked =
    skus.length === 0
      ? []
      : await tx.select().from(stock).where(inArray(stock.sku, skus)).orderBy(stock.sku).for("update");
  const bySku = new Map(locked.map((r) => [r.sku, r]));
  const short = skus.filter((sku) => {
    const row = bySku.get(sku);
    if (!row) return true;
    return row.manageStock && (!row.isInStock || row.qty - row.reserved < need.get(sku)!);
  });
  if (short.length > 0) return fail(409, ORDER_MESSAGES.notAvailable, undefined, { skus: short });
  for (const sku of skus) {
    const row = bySku.get(sku)!;
    if (!row.manageStock) continue;
    const left = row.qty - need.get(sku)!;
    await tx
      .update(stock)
      .set({ qty: left, isInStock: left > 0, updatedAt: new Date() })
      .where(eq(stock.sku, sku));
  }

  const priced = await priceCart(tx, catalog, cart, rows);
  const rules = await appliedRules(tx, priced);
  const freeShipping = rules.some((r) => r.freeShipping || r.action === "free_shipping");

  let shipping = null;
  let pickup = null;
  if (!priced.virtual) {
    if (!info.shippingAddress) return fail(400, "is required", "body.addressInformation.shippingAddress");
    const context = shippingContextOf(priced, { countryId: info.shippingAddress.country_id, freeShipping });
    const method = findShippingMethod(
      context,
      info.shipping_carrier_code ?? "",
      info.shipping_method_code ?? "",
    );
    if (!method)
      return fail(
        400,
        "is not a shipping method for this address",
        "body.addressInformation.shipping_method_code",
      );
    shipping = {
      carrier_code: method.carrier_code,
      method_code: method.method_code,
      title: method.method_title,
      priceInclTax: method.price_incl_tax,
    };
    const extra = info.payment_method_additional ?? {};
    if (method.carrier_code === "postnl" && method.method_code === "pickup") {
      const point = findServicePoint(extra.service_point_code ?? "");
      if (!point)
        return fail(
          400,
          "choose a pick-up point",
          "body.addressInformation.payment_method_additional.service_point_code",
        );
      pickup = {
        kind: "service_point" as const,
        code: point.code,
        name: point.name,
        street: `${point.street} ${point.house_number}`,
        postcode: point.postcode,
        city: point.city,
      };
    }
    if (method.carrier_code === "store") {
      const store = findStore(extra.store_id ?? "");
      if (!store)
        return fail(400, "choose a store", "body.addressInformation.payment_method_additional.store_id");
      pickup = {
        kind: "store" as const,
        code: store.id,
        name: store.name,
        street: store.street,
        postcode: store.postcode,
        city: store.city,
      };
    }
  }

  const payment = info.payment_method_code;
  if (!paymentMethodsFor(priced.virtual).some((m) => m.code === payment))
    return fail(400, "is not a payment method for this cart", "body.addressInformation.payment_method_code");

  const totals = computeTotals({ lines: priced.lines, rules, shipping });
  // A used-up single-use coupon, a price, shipping or stock change since the shopper looked: the
  // order is not placed at a total they did not see (issue 23).
  const expected = request.expected_grand_total;
  if (expected !== undefined && Math.round(expected * 100) !== Math.round(totals.grand_total * 100))
    return fail(409, ORDER_MESSAGES.totalChanged, "body.expected_grand_total", {
      totals: { grand_total: totals.grand_total, total_segments: totals.total_segments },
    });
  const refused = await recordCouponUse(
    tx,
    rules.map((r) => r.code),
  );
  if (refused.length > 0) return fail(409, ORDER_MESSAGES.couponUsedUp, "body.cart_id", { coupons: refused });

  const [{ n }] = (await tx.execute(sql`select nextval('order_number_seq')::text as n`)).rows as [
    { n: string },
  ];
  const token = randomBytes(24).toString("base64url");
  const status = initialOrderStatus(payment);
  const online = isOnlinePayment(payment);
  const now = new Date();
  const [order] = await tx
    .insert(orders)
    .values({
      incrementId: n,
      clientOrderId: request.order_id,
      cartId: cart.id,
      customerId: options.caller.kind === "customer" ? options.caller.customerId : null,
      email: request.personalDetails.email.toLowerCase(),
      status,
      tokenHash: hashToken(token),
      paymentMethod: payment,
      shippingCarrierCode: shipping?.carrier_code ?? null,
      shippingMethodCode: shipping?.method_code ?? null,
      shippingTitle: shipping?.title ?? null,
      pickup,
      shippingAddress: priced.virtual ? null : (info.shippingAddress ?? null),
      billingAddress: info.billingAddress,
      couponCodes: rules.map((r) => r.code),
      totals: totals as unknown as Record<string, unknown>,
      grandTotal: totals.grand_total,
      testPayment: online && options.testPayments,
      paymentExpiresAt: online ? new Date(now.getTime() + options.paymentExpiryMinutes * 60_000) : null,
    })
    .returning({ id: orders.id });
  const rowById = new Map(rows.map((r) => [r.id, r]));
  await tx.insert(orderItems).values(
    totals.items.map((item) => ({
      orderId: order!.id,
      sku: item.sku,
      name: item.name,
      qty: item.qty,
      priceInclTax: item.price_incl_tax,
      rowTotalInclTax: item.row_total_incl_tax,
      taxPercent: item.tax_percent,
      taxAmount: item.tax_amount,
      discountAmount: item.discount_amount,
      productOption: rowById.get(item.item_id)?.productOption ?? null,
      options: item.options,
      stock: (stockOfLine.get(item.item_id) ?? []).map((s) => ({ sku: s.sku, qty: s.qty * item.qty })),
    })),
  );
  await tx.update(carts).set({ isActive: false, updatedAt: now }).where(eq(carts.id, cart.id));
  await recordOrderEvent(tx, order!.id, "order.placed", "shop", {
    orderNumber: n,
    status,
    grandTotal: totals.grand_total,
    paymentMethod: payment,
  });
  if (status === "processing") for (const hook of options.onConfirmed) await hook(tx, order!.id);

  const placed: PlacedOrder = {
    orderNumber: n,
    backendOrderId: order!.id,
    status,
    orderToken: token,
    grand_total: totals.grand_total,
    test_payment: online && options.testPayments,
  };
  if (online) placed.payment = { action: { type: "redirect", url: options.payUrl(n, token) } };
  return success(placed);
}
