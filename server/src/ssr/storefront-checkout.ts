import type {
  CheckoutPaymentState,
  OrderDetail,
  StorefrontCheckout,
} from "@etalage/storefront/server-context";
import { placeOrderBody } from "../api/orders/validators.ts";
import { customerOrderOf } from "../services/accounts/order-history.ts";
import { type CartCaller, CartService } from "../services/cart/index.ts";
import type { Services } from "../services/index.ts";
import { orderForAnalytics } from "../services/orders/analytics.ts";
import type { PlacedOrder } from "../services/orders/index.ts";
import { STORES, servicePointsNear } from "../services/stores/index.ts";

const GUEST = { kind: "guest" } as const;

/** The `postnl:standard` form value → carrier and method codes. */
function methodOf(value: string): { carrier: string; method: string } | null {
  const [carrier, method] = value.split(":");
  return carrier && method ? { carrier, method } : null;
}

/**
 * The checkout pages' in-process face of the order and payment services: the same schemas
 * (`placeOrderBody`) and rules as `POST /api/order` and `/api/ext/adyen/*`, without an HTTP hop.
 */
export function storefrontCheckout(services: Services): StorefrontCheckout {
  const cart = new CartService(services.database.db, services.catalog);
  const { orders, payments } = services;
  // The shopper knows a line by its product's name, not by the sku the stock is kept under.
  const nameOf = (sku: string) => {
    const child = services.catalog.childBySku(sku);
    return services.catalog.productBySku(sku)?.name ?? child?.child.name ?? child?.parent.name ?? sku;
  };
  /** A line's picture: its own product's, else its parent's (a size has none of its own). */
  const imageOf = (sku: string): string | null => {
    const child = services.catalog.childBySku(sku);
    const image = services.catalog.productBySku(sku)?.image ?? child?.child.image ?? child?.parent.image;
    return typeof image === "string" && image !== "" && image !== "no_selection" ? image : null;
  };
  /** A logged-in shopper's token (sent by the checkout form) → the cart caller; none or stale: a guest. */
  const callerOf = async (token: string | undefined): Promise<CartCaller> => {
    const session = token ? await services.customerTokens?.verify(token) : null;
    return session ? { kind: "customer", customerId: session.customerId } : GUEST;
  };
  return {
    async summary(cartId, countryId, customerToken) {
      const caller = await callerOf(customerToken);
      const found = await cart.checkout(caller, cartId, countryId);
      // A customer's cart read without that customer's token: the browser holds the token.
      if (!found.ok) return found.code === 401 ? "customer" : null;
      const t = found.value.totals;
      if (t.items.length === 0 && found.value.unavailable.length === 0) return null;
      const { shippingMethods, paymentMethods } = found.value;
      return {
        lines: t.items.map((i) => ({
          item_id: i.item_id,
          sku: i.sku,
          name: i.name,
          qty: i.qty,
          price_incl_tax: i.price_incl_tax,
          row_total_incl_tax: i.row_total_incl_tax,
          options: i.options,
          image: imageOf(i.sku),
        })),
        segments: t.total_segments.map((s) => ({ code: s.code, title: s.title, value: s.value })),
        grandTotal: t.grand_total,
        couponCode: t.coupon_code,
        virtual: shippingMethods.length === 0,
        shippingMethods: shippingMethods.map((m) => ({
          carrier_code: m.carrier_code,
          method_code: m.method_code,
          method_title: m.method_title,
          price_incl_tax: m.price_incl_tax,
        })),
        paymentMethods,
        unavailable: found.value.unavailable,
      };
    },
    async customer(customerToken) {
      const caller = await callerOf(customerToken);
      if (caller.kind !== "customer") return null;
      const profile = await services.accounts.profile(caller.customerId);
      if (!profile) return null;
      return {
        email: profile.email,
        firstname: profile.firstname,
        lastname: profile.lastname,
        addresses: profile.addresses.map((a) => ({
          id: a.id,
          firstname: a.firstname,
          lastname: a.lastname,
          street: a.street,
          postcode: a.postcode,
          city: a.city,
          country_id: a.country_id,
          ...(a.telephone ? { telephone: a.telephone } : {}),
          ...(a.company ? { company: a.company } : {}),
          default_shipping: a.default_shipping,
          default_billing: a.default_billing,
        })),
      };
    },
    async guestOrder(orderNumber, orderToken) {
      const order = await orders.forToken(orderNumber, orderToken);
      if (!order || order.customer_id !== null) return null;
      const address = order.billing_address ?? order.shipping_address;
      return {
        email: order.customer_email,
        firstname: address?.firstname ?? "",
        lastname: address?.lastname ?? "",
      };
    },
    async orderStatus(orderNumber, token) {
      if (!/^\d{9,12}$/.test(orderNumber)) return null;
      const view = await orders.forStatusToken(orderNumber, token);
      if (!view) return null;
      const base = customerOrderOf(view) as OrderDetail;
      const order = { ...base, items: base.items.map((item) => ({ ...item, image: imageOf(item.sku) })) };
      const guest =
        view.customer_id === null
          ? {
              email: view.customer_email,
              firstname: view.billing_address.firstname,
              lastname: view.billing_address.lastname,
            }
          : null;
      return { order, guest, email: view.customer_email };
    },
    async claim(orderNumber, orderToken, customerToken) {
      const caller = await callerOf(customerToken);
      if (caller.kind !== "customer") return false;
      return orders.claim(orderNumber, orderToken, caller.customerId);
    },
    async chooseShipping(cartId, value, customerToken) {
      const chosen = methodOf(value);
      if (!chosen) return false;
      // `POST /collect-totals`'s rules: the method is kept on the cart, so the totals carry its line.
      const result = await cart.collectTotals({
        cartId,
        caller: await callerOf(customerToken),
        methods: { shippingCarrierCode: chosen.carrier, shippingMethodCode: chosen.method },
      });
      return result.ok;
    },
    stores: () =>
      STORES.map((s) => ({ code: s.id, name: s.name, street: s.street, postcode: s.postcode, city: s.city })),
    servicePoints: (postcode) =>
      (servicePointsNear(postcode) ?? []).map((p) => ({
        code: p.code,
        name: p.name,
        street: `${p.street} ${p.house_number}`,
        postcode: p.postcode,
        city: p.city,
        distance_m: p.distance_m,
      })),
    async place(idempotencyKey, body, customerToken) {
      const parsed = placeOrderBody.safeParse(body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join(".")] ??= issue.message;
        return { ok: false, message: "Please fix the validation errors", fields };
      }
      const result = await orders.place(await callerOf(customerToken), idempotencyKey, parsed.data);
      if (!result.ok) {
        const field = result.path?.replace(/^body\./, "");
        return {
          ok: false,
          message: result.message,
          fields: field && field !== "expected_grand_total" ? { [field]: result.message } : {},
          ...(result.meta?.totals ? { totalChanged: true } : {}),
          ...(Array.isArray(result.meta?.skus)
            ? { skus: result.meta.skus as string[], names: (result.meta.skus as string[]).map(nameOf) }
            : {}),
        };
      }
      const placed = (result.value.body as { result: PlacedOrder }).result;
      const next =
        placed.payment?.action.url ??
        `/checkout-return?orderId=${placed.orderNumber}&token=${encodeURIComponent(placed.orderToken)}`;
      return { ok: true, orderNumber: placed.orderNumber, orderToken: placed.orderToken, next };
    },
    async settle(orderNumber, token, returned) {
      const order = await payments.orderFor(orderNumber, token);
      if (!order) return { state: "unknown", orderNumber, grandTotal: 0, test: false };
      // Hosted Checkout's return (sessionId, sessionResult) or a redirect's: how the payment ended.
      const { sessionId, sessionResult, redirectResult } = returned;
      const result =
        sessionId && sessionResult
          ? await payments.settle(order, { sessionId, sessionResult })
          : redirectResult
            ? await payments.settle(order, { redirectResult })
            : null;
      const status = await payments.status(order);
      let state: CheckoutPaymentState = "pending";
      if (status.paid) state = "paid";
      else if (order.paymentMethod === "cashondelivery" && status.orderStatus === "processing") state = "cod";
      else if (
        status.orderStatus === "canceled" ||
        (result && "resultCode" in result && result.isFinal && result.resultCode !== "Authorised") ||
        ["refused", "cancelled", "expired", "error", "superseded"].includes(status.payment ?? "")
      )
        state = "failed";
      const settled = {
        state,
        orderNumber,
        grandTotal: order.grandTotal,
        test: order.testPayment,
        payment: status.payment ?? null,
      };
      if (state !== "paid" && state !== "cod") return settled;
      const placed = await orders.forToken(orderNumber, token);
      return placed ? { ...settled, analytics: orderForAnalytics(placed) } : settled;
    },
    async retry(orderNumber, token, method) {
      const order = await payments.orderFor(orderNumber, token);
      if (!order) return { ok: false, message: "Order not found" };
      const started = await payments.pay(order, token, method);
      return started.ok ? { ok: true, url: started.action.url } : { ok: false, message: started.message };
    },
  };
}

/**
 * The checkout with ORDERS_PER_MINUTE applied to its orders (issue 31), as `POST /api/order`
 * applies it: a retry of an order already placed (its idempotency key) counts nothing.
 */
export function limitedCheckout(
  checkout: StorefrontCheckout,
  gate: () => Promise<number | null>,
  orders: Pick<Services["orders"], "placedWith">,
): StorefrontCheckout {
  return {
    ...checkout,
    async place(idempotencyKey, body, customerToken) {
      const cartId = (body as { cart_id?: unknown } | null)?.cart_id;
      const retry = typeof cartId === "string" && (await orders.placedWith(cartId, idempotencyKey));
      if (!retry && (await gate()) !== null)
        return {
          ok: false,
          message: "Too many orders from this address. Try again in a minute.",
          fields: {},
          limited: true,
        };
      return checkout.place(idempotencyKey, body, customerToken);
    },
  };
}
