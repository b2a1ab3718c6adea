import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema } from "../../http/envelope.ts";
import type { CartService } from "../../services/cart/index.ts";
import type { Services } from "../../services/index.ts";
import { callerOf, sendFailure, sendResult, sendWrite } from "./reply.ts";
import {
  cartQuery,
  collectTotalsBody,
  couponQuery,
  discountBody,
  errors,
  paymentMethodSchema,
  shippingInformationBody,
  shippingMethodSchema,
  shippingMethodsBody,
  totalsSchema,
  writeHeaders,
} from "./validators.ts";

/** Totals, methods and coupons of the server cart (contract "Cart"). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ services: Services; cart: CartService }> = async (
  app,
  { services, cart },
) => {
  app.get(
    "/totals",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Subtotal, shipping, discount, tax per rate and grand total incl. tax, priced from the catalogue",
        querystring: cartQuery,
        response: { 200: envelopeSchema(totalsSchema), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      const result = await cart.totals(caller.value, request.query.cartId);
      if (result.ok && result.value.unavailable.length > 0) {
        reply.header("x-cart-unavailable-skus", result.value.unavailable.join(","));
      }
      return sendResult(reply, result.ok ? { ok: true, value: result.value.totals } : result, caller.value);
    },
  );

  app.get(
    "/payment-methods",
    {
      schema: {
        tags: ["cart"],
        summary: "Payment methods; no cash on delivery for a virtual cart",
        querystring: cartQuery,
        response: { 200: envelopeSchema(z.array(paymentMethodSchema)), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      return sendResult(reply, await cart.paymentMethods(caller.value, request.query.cartId), caller.value);
    },
  );

  app.post(
    "/shipping-methods",
    {
      schema: {
        tags: ["cart"],
        summary: "Shipping methods that deliver to the address, priced for this cart",
        querystring: cartQuery,
        body: shippingMethodsBody,
        response: { 200: envelopeSchema(z.array(shippingMethodSchema)), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      const country = request.body.address.country_id.toUpperCase();
      return sendResult(
        reply,
        await cart.shippingMethods(caller.value, request.query.cartId, country),
        caller.value,
      );
    },
  );

  app.post(
    "/shipping-information",
    {
      schema: {
        tags: ["cart"],
        summary: "Keep the address and shipping method; answers payment methods and totals",
        querystring: cartQuery,
        headers: writeHeaders,
        body: shippingInformationBody,
        response: {
          200: envelopeSchema(
            z.object({ payment_methods: z.array(paymentMethodSchema), totals: totalsSchema }),
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      const result = await cart.shippingInformation({
        cartId: request.query.cartId,
        caller: caller.value,
        addressInformation: request.body.addressInformation,
        idempotencyKey: request.headers["idempotency-key"],
      });
      return sendWrite(reply, result, caller.value);
    },
  );

  app.post(
    "/collect-totals",
    {
      schema: {
        tags: ["cart"],
        summary: "Totals for the shipping and payment method given (kept on the cart)",
        querystring: cartQuery,
        headers: writeHeaders,
        body: collectTotalsBody,
        response: { 200: envelopeSchema(totalsSchema), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      const result = await cart.collectTotals({
        cartId: request.query.cartId,
        caller: caller.value,
        ...(request.body?.methods ? { methods: request.body.methods } : {}),
        idempotencyKey: request.headers["idempotency-key"],
      });
      return sendWrite(reply, result, caller.value);
    },
  );

  app.post(
    "/apply-coupon",
    {
      schema: {
        tags: ["cart"],
        summary: "Apply a coupon ('Not a valid coupon code', meta.reason says why); Idempotency-Key honoured",
        querystring: couponQuery,
        headers: writeHeaders,
        response: { 200: envelopeSchema(z.literal(true)), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      const result = await cart.applyCoupon({
        cartId: request.query.cartId,
        caller: caller.value,
        coupon: request.query.coupon,
        idempotencyKey: request.headers["idempotency-key"],
      });
      return sendWrite(reply, result, caller.value);
    },
  );

  app.post(
    "/delete-coupon",
    {
      schema: {
        tags: ["cart"],
        summary: "Remove the cart's coupons",
        querystring: cartQuery,
        headers: writeHeaders,
        response: { 200: envelopeSchema(z.literal(true)), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      const result = await cart.deleteCoupon({
        cartId: request.query.cartId,
        caller: caller.value,
        idempotencyKey: request.headers["idempotency-key"],
      });
      return sendWrite(reply, result, caller.value);
    },
  );

  app.post(
    "/apply-tritonx-discount",
    {
      schema: {
        tags: ["cart"],
        summary: "Apply a list of discount codes: all apply or nothing changes",
        querystring: cartQuery,
        headers: writeHeaders,
        body: discountBody,
        response: { 200: envelopeSchema(z.literal(true)), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      const result = await cart.applyDiscounts({
        cartId: request.query.cartId,
        caller: caller.value,
        codes: request.body.discount.map((d) => d.code),
        idempotencyKey: request.headers["idempotency-key"],
      });
      return sendWrite(reply, result, caller.value);
    },
  );
};
