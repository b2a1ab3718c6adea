import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { orderGate } from "../../http/order-limit.ts";
import { rateLimitOptions } from "../../http/rate-limits.ts";
import type { Services } from "../../services/index.ts";
import { callerOf, sendFailure, sendWrite } from "../cart/reply.ts";
import {
  adminStatusBody,
  orderHeaders,
  orderNumberSchema,
  orderViewSchema,
  paymentAlertSchema,
  paymentAlertsQuery,
  placedSchema,
  placeOrderBody,
  statusQuery,
} from "./validators.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** `POST /api/order` and the guest's order status (contract "Orders"); logic in services/orders. */
export const orderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const orders = services.orders;
  // Per address and per instance (in memory): the stock an order holds is what an abuser would
  // take, and the database's row locks already keep concurrent orders honest.
  await app.register(rateLimit, rateLimitOptions(services.config));
  // An order's answers are the shopper's own: no shared cache, no browser copy.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  // A retry of a placed order (its Idempotency-Key) answers that order and counts nothing, nor
  // does a request refused before it reaches the cart (a malformed body).
  const gate = orderGate(app, services.config);

  app.post(
    "/order",
    {
      // Requests of any kind, malformed ones included: a wall for a flood, far above a shopper.
      config: {
        rateLimit: { max: Math.max(120, services.config.ORDERS_PER_MINUTE * 2), timeWindow: "1 minute" },
      },
      schema: {
        tags: ["orders"],
        summary: "Place the cart as an order (Idempotency-Key required); prices are the server's",
        headers: orderHeaders,
        body: placeOrderBody,
        response: { 200: envelopeSchema(placedSchema), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      const key = request.headers["idempotency-key"];
      if (!(await orders.placedWith(request.body.cart_id, key))) {
        const retryAfter = await gate(request);
        if (retryAfter !== null) {
          reply.header("retry-after", String(retryAfter));
          return sendError(
            reply,
            429,
            `Too many orders from this address. Try again in ${retryAfter} seconds.`,
          );
        }
      }
      const result = await orders.place(caller.value, key, request.body);
      if (!result.ok)
        request.log.info({ code: result.code, message: result.message, meta: result.meta }, "order refused");
      return sendWrite(reply, result, caller.value);
    },
  );

  app.get(
    "/ext/checkout/status",
    {
      config: {
        rateLimit: {
          max: services.config.ORDER_STATUS_PER_MINUTE,
          timeWindow: "1 minute",
          errorResponseBuilder: (_request, context) =>
            Object.assign(
              new Error(`Too many order lookups from this address. Try again in ${context.after}.`),
              {
                statusCode: 429,
              },
            ),
        },
      },
      schema: {
        tags: ["orders"],
        summary: "A guest's order with its token: status, lines, totals and payments",
        querystring: statusQuery,
        response: {
          200: envelopeSchema(orderViewSchema),
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      // One answer for an unknown order, a wrong token and none: the number alone tells nothing.
      const order = await orders.forStatusToken(request.query.orderId, request.query.token ?? "");
      if (!order) return sendError(reply, 404, "Order not found");
      return ok(reply, order);
    },
  );
};

/** The operator's orders API (`ADMIN_TOKEN`), the same as `npm run orders`. */
export const adminOrderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const orders = services.orders;
  app.addHook("onRequest", requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post(
    "/admin/orders/:orderNumber/status",
    {
      schema: {
        tags: ["admin"],
        summary: "Move an order (canceling gives its stock back)",
        params: z.strictObject({ orderNumber: orderNumberSchema }),
        body: adminStatusBody,
        response: { 200: envelopeSchema(orderViewSchema), ...errors },
      },
    },
    async (request, reply) => {
      const row = await orders.row(request.params.orderNumber);
      if (!row) return sendError(reply, 404, "Order not found");
      const moved = await orders.move(row.id, request.body.status);
      if (!moved.ok) return sendError(reply, moved.code, `body.status: ${moved.message}`);
      return ok(reply, (await orders.byNumber(request.params.orderNumber))!);
    },
  );

  // Money that moved other than the order says (issue 31 item 1): a second authorisation reversed,
  // one for a cancelled order, a chargeback, a modification Adyen refused. Staff see it here.
  app.get(
    "/admin/payment-alerts",
    {
      schema: {
        tags: ["admin"],
        summary: "Payment alerts for staff, newest first (open ones unless open=false)",
        querystring: paymentAlertsQuery,
        response: { 200: envelopeSchema(z.array(paymentAlertSchema)), 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const alerts = await services.payments.alerts({
        open: request.query.open !== "false",
        ...(request.query.orderNumber ? { orderNumber: request.query.orderNumber } : {}),
        ...(request.query.limit ? { limit: request.query.limit } : {}),
      });
      return ok(
        reply,
        alerts.map((alert) => ({
          ...alert,
          createdAt: alert.createdAt.toISOString(),
          resolvedAt: alert.resolvedAt?.toISOString() ?? null,
        })),
      );
    },
  );

  app.post(
    "/admin/payment-alerts/:id/resolve",
    {
      schema: {
        tags: ["admin"],
        summary: "Mark a payment alert as seen to",
        params: z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: {
          200: envelopeSchema(z.literal("resolved")),
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      if (!(await services.payments.resolveAlert(request.params.id)))
        return sendError(reply, 404, "params.id: no open payment alert with this id");
      return ok(reply, "resolved" as const);
    },
  );
};
