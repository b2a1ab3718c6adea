import type { ProductOption } from "@etalage/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema } from "../../http/envelope.ts";
import { CartService } from "../../services/cart/index.ts";
import type { Services } from "../../services/index.ts";
import { checkoutRoutes } from "./checkout-routes.ts";
import { callerOf, sendFailure, sendResult, sendWrite } from "./reply.ts";
import {
  cartIdSchema,
  cartQuery,
  createQuery,
  deleteBody,
  errors,
  serverItemSchema,
  updateBody,
  writeHeaders,
} from "./validators.ts";

export const CART_BASE = "/ext/tritonx/cart";

/**
 * The server cart (contract "Cart", transactional §7), under `/api/ext/tritonx/cart`. Cart
 * answers are never cached. Logic lives in services/cart; these handlers only map.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const cart = new CartService(services.database.db, services.catalog);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post(
    "/create",
    {
      schema: {
        tags: ["cart"],
        summary: "A new guest cart, or the customer's active cart",
        querystring: createQuery,
        response: { 200: envelopeSchema(cartIdSchema), 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      return sendResult(reply, { ok: true, value: await cart.create(caller.value) }, caller.value);
    },
  );

  app.get(
    "/pull",
    {
      schema: {
        tags: ["cart"],
        summary: "The cart's lines",
        querystring: cartQuery,
        response: { 200: envelopeSchema(z.array(serverItemSchema)), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      return sendResult(reply, await cart.pull(caller.value, request.query.cartId), caller.value);
    },
  );

  app.post(
    "/update",
    {
      schema: {
        tags: ["cart"],
        summary: "Add to a line (no item_id) or set a line's quantity (item_id); Idempotency-Key honoured",
        querystring: cartQuery,
        headers: writeHeaders,
        body: updateBody,
        response: { 200: envelopeSchema(serverItemSchema), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      const { cartItem } = request.body;
      const result = await cart.update({
        cartId: request.query.cartId,
        caller: caller.value,
        cartItem: { ...cartItem, product_option: cartItem.product_option as ProductOption | undefined },
        idempotencyKey: request.headers["idempotency-key"],
      });
      return sendWrite(reply, result, caller.value);
    },
  );

  app.post(
    "/delete",
    {
      schema: {
        tags: ["cart"],
        summary: "Remove a line; Idempotency-Key honoured",
        querystring: cartQuery,
        headers: writeHeaders,
        body: deleteBody,
        response: { 200: envelopeSchema(z.literal(true)), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      const result = await cart.delete({
        cartId: request.query.cartId,
        caller: caller.value,
        cartItem: request.body.cartItem,
        idempotencyKey: request.headers["idempotency-key"],
      });
      return sendWrite(reply, result, caller.value);
    },
  );

  await app.register(checkoutRoutes, { services, cart });
};
