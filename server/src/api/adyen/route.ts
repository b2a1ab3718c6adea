import adyen from "@adyen/api-library";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { line } from "../../http/schemas.ts";
import { CartService } from "../../services/cart/index.ts";
import type { Services } from "../../services/index.ts";
import { callerOf, sendFailure, sendResult } from "../cart/reply.ts";
import { cartQuery } from "../cart/validators.ts";
import { orderNumberSchema } from "../orders/validators.ts";

const token = line(64).min(1, "Field is required");
const method = z.enum(["ideal", "card"], { error: "must be ideal or card" });
const actionSchema = z.object({ type: z.literal("redirect"), url: z.string() });
const statusSchema = z.object({
  orderStatus: z.string(),
  paid: z.boolean(),
  payment: z.string().nullable(),
  resultCode: z.string().nullable(),
});
const errors = {
  400: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  502: errorEnvelopeSchema,
};

const { NotificationRequestItem: Item } = adyen.Types.notification;

/** Adyen's NotificationRequestItem, its enums the library's own (an unknown event is refused). */
const notificationItem = z.object({
  additionalData: z.record(z.string(), z.string().optional()).optional(),
  amount: z.object({ value: z.number().int(), currency: z.string().max(3) }),
  pspReference: line(64).min(1, "Field is required"),
  originalReference: line(64).optional(),
  eventCode: z.enum(Item.EventCodeEnum),
  eventDate: line(64),
  merchantAccountCode: line(100).min(1, "Field is required"),
  merchantReference: line(200),
  paymentMethod: line(100).optional(),
  reason: line(2000).optional(),
  success: z.enum(Item.SuccessEnum),
  operations: z.array(z.enum(Item.OperationsEnum)).max(20).optional(),
});

const notificationBody = z.object({
  live: z.string().optional(),
  notificationItems: z
    .array(z.object({ NotificationRequestItem: notificationItem }))
    .min(1)
    .max(100),
});

/** The storefront's payment endpoints and the provider's webhook (contract "Payments"). */
export const adyenRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const pay = services.payments;
  const cart = new CartService(services.database.db, services.catalog);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/payment-methods",
    {
      schema: {
        tags: ["payments"],
        summary: "Payment methods this cart allows",
        querystring: cartQuery,
        response: {
          200: envelopeSchema(z.array(z.object({ code: z.string(), title: z.string() }))),
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      return sendResult(reply, await cart.paymentMethods(caller.value, request.query.cartId), caller.value);
    },
  );

  const initiate = async (body: {
    orderNumber: string;
    orderToken: string;
    method?: "ideal" | "card" | undefined;
  }) => {
    const order = await pay.orderFor(body.orderNumber, body.orderToken);
    if (!order) return { ok: false as const, code: 404 as const, message: "Order not found" };
    return pay.pay(order, body.orderToken, body.method);
  };
  const initiateBody = z.strictObject({
    orderNumber: orderNumberSchema,
    orderToken: token,
    method: method.optional(),
    returnUrl: line(500).optional(),
  });
  for (const path of ["/initiate", "/payment-information"]) {
    app.post(
      path,
      {
        schema: {
          tags: ["payments"],
          summary: "Start (or retry, with another method) the payment of an order",
          body: initiateBody,
          response: { 200: envelopeSchema(z.object({ action: actionSchema })), ...errors },
        },
      },
      async (request, reply) => {
        const started = await initiate(request.body);
        if (!started.ok) return sendError(reply, started.code, started.message);
        return ok(reply, { action: started.action });
      },
    );
  }

  app.get(
    "/redirect-url/:orderId",
    {
      schema: {
        tags: ["payments"],
        summary: "Send the shopper to the provider to pay the order",
        params: z.strictObject({ orderId: orderNumberSchema }),
        querystring: z.strictObject({ token, method: method.optional() }),
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const started = await initiate({
        orderNumber: request.params.orderId,
        orderToken: request.query.token,
        method: request.query.method,
      });
      if (!started.ok) return sendError(reply, started.code, started.message);
      return reply.redirect(started.action.url, 303);
    },
  );

  app.post(
    "/payments-details",
    {
      schema: {
        tags: ["payments"],
        summary:
          "Settle the shopper's return with the provider: Hosted Checkout's sessionId and sessionResult, or a redirectResult",
        body: z.strictObject({
          orderNumber: orderNumberSchema,
          orderToken: token,
          details: z.union(
            [
              z.strictObject({
                sessionId: line(100).min(1, "Field is required"),
                sessionResult: line(4000).min(1, "Field is required"),
              }),
              z.strictObject({ redirectResult: line(4000).min(1, "Field is required") }),
            ],
            { error: "must be { sessionId, sessionResult } or { redirectResult }" },
          ),
        }),
        response: {
          200: envelopeSchema(z.object({ resultCode: z.string(), isFinal: z.boolean() })),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const order = await pay.orderFor(request.body.orderNumber, request.body.orderToken);
      if (!order) return sendError(reply, 404, "Order not found");
      const settled = await pay.settle(order, request.body.details);
      if ("error" in settled) return sendError(reply, 400, `body.details: ${settled.error}`);
      return ok(reply, settled);
    },
  );

  app.post(
    "/threeDS2Process",
    {
      schema: {
        tags: ["payments"],
        summary: "3-D Secure 2 runs on the provider's hosted page; answers where to continue",
        body: initiateBody,
        response: { 200: envelopeSchema(z.object({ action: actionSchema })), ...errors },
      },
    },
    async (request, reply) => {
      const started = await initiate({ ...request.body, method: "card" });
      if (!started.ok) return sendError(reply, started.code, started.message);
      return ok(reply, { action: started.action });
    },
  );

  const status = async (orderId: string, t: string, reply: Parameters<typeof sendError>[0]) => {
    const order = await pay.orderFor(orderId, t);
    if (!order) return sendError(reply, 404, "Order not found");
    return ok(reply, await pay.status(order));
  };
  app.get(
    "/payment-status/:orderId",
    {
      schema: {
        tags: ["payments"],
        summary: "Whether the order is paid yet",
        params: z.strictObject({ orderId: orderNumberSchema }),
        querystring: z.strictObject({ token }),
        response: { 200: envelopeSchema(statusSchema), 404: errorEnvelopeSchema },
      },
    },
    (request, reply) => status(request.params.orderId, request.query.token, reply),
  );
  app.get(
    "/payment-status-new",
    {
      schema: {
        tags: ["payments"],
        summary: "Whether the order is paid yet",
        querystring: z.strictObject({ orderId: orderNumberSchema, token }),
        response: { 200: envelopeSchema(statusSchema), 404: errorEnvelopeSchema },
      },
    },
    (request, reply) => status(request.query.orderId, request.query.token, reply),
  );

  app.post(
    "/notifications",
    {
      schema: {
        tags: ["payments"],
        summary: "The provider's standard notifications (HMAC-signed); answers [accepted]",
        body: notificationBody,
        response: { 200: z.string(), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const items = request.body.notificationItems.map((i) => i.NotificationRequestItem);
      // All or nothing: one forged item refuses the batch, so a forger learns nothing from a partial apply.
      for (const [index, item] of items.entries()) {
        const verdict = pay.verify(item);
        if (verdict === "signature") {
          request.log.warn("payment notification with a bad HMAC signature refused");
          return sendError(reply, 401, "hmacSignature: the notification is not signed with our key");
        }
        if (verdict === "merchant") {
          request.log.warn(
            { merchantAccountCode: item.merchantAccountCode },
            "notification for another merchant account refused",
          );
          return sendError(
            reply,
            400,
            `body.notificationItems.${index}.NotificationRequestItem.merchantAccountCode: not this shop's merchant account`,
          );
        }
      }
      for (const item of items) await pay.apply(item);
      reply.type("text/plain; charset=utf-8");
      return "[accepted]";
    },
  );
};
