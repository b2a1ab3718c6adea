import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import type { StoredAnswer } from "../../services/idempotency.ts";
import type { Services } from "../../services/index.ts";
import { actionSchema, orderListQuery, orderListSchema, refundBody, shipBody } from "./admin-validators.ts";
import { orderHeaders, orderNumberSchema, orderViewSchema } from "./validators.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

const params = z.strictObject({ orderNumber: orderNumberSchema });

const send = (reply: FastifyReply, answer: StoredAnswer) => reply.code(answer.code).send(answer.body);

/**
 * The back office's orders API (issue 25, docs/decisions/0045), for staff and for a warehouse or
 * ERP posting its tracking numbers: `ADMIN_TOKEN` as a bearer token. Every action takes an
 * `Idempotency-Key` (a retry answers the first answer) and is refused with 409 where core's rules
 * do not allow it; the rules and the writes live in services/fulfilment.
 */
export const adminFulfilmentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const fulfilment = services.fulfilment;
  app.addHook("onRequest", requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/admin/orders",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Orders, newest first: filtered by status, payment, dates, shipping method; searched by number, e-mail, name, postcode",
        querystring: orderListQuery,
        response: {
          200: envelopeSchema(orderListSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const result = await fulfilment.list({
        ...(q.status ? { status: q.status } : {}),
        ...(q.payment ? { payment: q.payment } : {}),
        ...(q.from ? { from: q.from } : {}),
        ...(q.to ? { to: q.to } : {}),
        ...(q.shippingMethod ? { shippingMethod: q.shippingMethod } : {}),
        ...(q.hasReturn ? { hasReturn: q.hasReturn === "true" } : {}),
        ...(q.q ? { q: q.q } : {}),
        ...(q.page ? { page: q.page } : {}),
        ...((q.pageSize ?? q.limit) ? { pageSize: q.pageSize ?? q.limit } : {}),
      });
      return ok(reply, result);
    },
  );

  app.get(
    "/admin/orders/:orderNumber",
    {
      schema: {
        tags: ["admin"],
        summary:
          "One order: lines, totals, addresses, payments, notifications, mails, parcels, refunds, timeline",
        params,
        response: {
          200: envelopeSchema(orderViewSchema.catchall(z.unknown())),
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const order = await fulfilment.detail(request.params.orderNumber);
      if (!order) return sendError(reply, 404, "Order not found");
      return ok(reply, order);
    },
  );

  const action = {
    headers: orderHeaders,
    params,
    response: { 200: envelopeSchema(actionSchema), ...errors },
  };

  app.post(
    "/admin/orders/:orderNumber/ship",
    {
      schema: {
        tags: ["admin"],
        summary: "Ship the order, or lines of it, with a carrier and tracking number; the shopper is mailed",
        ...action,
        body: shipBody,
      },
    },
    async (request, reply) =>
      send(
        reply,
        await fulfilment.ship(request.params.orderNumber, request.headers["idempotency-key"], {
          carrier: request.body.carrier,
          trackingNumber: request.body.trackingNumber,
          ...(request.body.lines ? { lines: request.body.lines } : {}),
        }),
      ),
  );

  app.post(
    "/admin/orders/:orderNumber/cancel",
    {
      schema: {
        tags: ["admin"],
        summary: "Cancel the order before it ships: its payment is reversed, its stock goes back",
        ...action,
      },
    },
    async (request, reply) =>
      send(reply, await fulfilment.cancel(request.params.orderNumber, request.headers["idempotency-key"])),
  );

  app.post(
    "/admin/orders/:orderNumber/refund",
    {
      schema: {
        tags: ["admin"],
        summary: "Refund the order: all that is left, or lines (units) and/or the shipping",
        ...action,
        body: refundBody,
      },
    },
    async (request, reply) =>
      send(
        reply,
        await fulfilment.refund(request.params.orderNumber, request.headers["idempotency-key"], {
          ...(request.body.lines ? { lines: request.body.lines } : {}),
          ...(request.body.shipping !== undefined ? { shipping: request.body.shipping } : {}),
          ...(request.body.reason ? { reason: request.body.reason } : {}),
        }),
      ),
  );

  app.post(
    "/admin/orders/:orderNumber/refunds/:refundId/retry",
    {
      schema: {
        tags: ["admin"],
        summary: "Ask a failed refund again (the same lines and shipping)",
        ...action,
        params: z.strictObject({
          orderNumber: orderNumberSchema,
          refundId: z.coerce
            .number({ error: "must be a number" })
            .int("must be a whole number")
            .min(1, "must be above 0")
            .max(2_147_483_647, "is too large"),
        }),
      },
    },
    async (request, reply) =>
      send(
        reply,
        await fulfilment.retryRefund(
          request.params.orderNumber,
          request.headers["idempotency-key"],
          request.params.refundId,
        ),
      ),
  );

  app.post(
    "/admin/orders/:orderNumber/deliver",
    {
      schema: {
        tags: ["admin"],
        summary: "Mark a shipped order delivered (its return window starts)",
        ...action,
      },
    },
    async (request, reply) =>
      send(reply, await fulfilment.deliver(request.params.orderNumber, request.headers["idempotency-key"])),
  );
};
