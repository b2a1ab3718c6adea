import type { StaffAction } from "@etalage/core";
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import type { Actor } from "../../services/fulfilment/index.ts";
import type { StoredAnswer } from "../../services/idempotency.ts";
import type { Services } from "../../services/index.ts";
import {
  actionSchema,
  filterOf,
  orderListQuery,
  orderListSchema,
  orderParams,
  refundBody,
  refundParams,
  shipBody,
} from "./fulfilment-validators.ts";
import { orderHeaders, orderViewSchema } from "./validators.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

type OrderPermission = Extract<StaffAction, `orders.${string}`>;

export interface FulfilmentDoor {
  services: Services;
  /** The OpenAPI tag: `admin` or `beheer`. */
  tag: string;
  /** The list's path below the plugin's prefix; an order is `${list}/:orderNumber`. */
  list: string;
  /** The onRequest check a route of this permission needs, if the door checks per route. */
  guard(permission: OrderPermission): onRequestHookHandler | undefined;
  /** Who acts, for the timeline, the audit log and the refund limit. */
  actor(request: FastifyRequest): Actor;
}

const send = (reply: FastifyReply, answer: StoredAnswer) => reply.code(answer.code).send(answer.body);

/**
 * The orders API (issue 25, docs/decisions/0045), one definition for its two doors: the admin API
 * (`ADMIN_TOKEN`: the operator, a warehouse posting tracking numbers) and the back office (a staff
 * session by role). Every action takes an `Idempotency-Key` (a retry answers the first answer)
 * and is refused with 409 where core's rules do not allow it; the rules and the writes live in
 * services/fulfilment.
 */
export const fulfilmentRoutes: FastifyPluginAsyncZod<FulfilmentDoor> = async (app, door) => {
  const { services, tag, list, guard, actor } = door;
  const fulfilment = services.fulfilment;
  const checked = (permission: OrderPermission) => {
    const hook = guard(permission);
    return hook ? { onRequest: hook } : {};
  };
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    list,
    {
      ...checked("orders.read"),
      schema: {
        tags: [tag],
        summary:
          "Orders, newest first: filtered by status, payment, dates, shipping method; searched by number, e-mail, name, postcode",
        querystring: orderListQuery,
        response: {
          200: envelopeSchema(orderListSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => ok(reply, await fulfilment.list(filterOf(request.query))),
  );

  app.get(
    `${list}/:orderNumber`,
    {
      ...checked("orders.read"),
      schema: {
        tags: [tag],
        summary:
          "One order: lines, totals, addresses, payments, notifications, mails, parcels, refunds, timeline",
        params: orderParams,
        response: {
          200: envelopeSchema(orderViewSchema.catchall(z.unknown())),
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
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
    tags: [tag],
    headers: orderHeaders,
    params: orderParams,
    response: { 200: envelopeSchema(actionSchema), ...errors },
  };

  app.post(
    `${list}/:orderNumber/ship`,
    {
      ...checked("orders.manage"),
      schema: {
        ...action,
        summary: "Ship the order, or lines of it, with a carrier and tracking number; the shopper is mailed",
        body: shipBody,
      },
    },
    async (request, reply) =>
      send(
        reply,
        await fulfilment.ship(
          request.params.orderNumber,
          request.headers["idempotency-key"],
          {
            carrier: request.body.carrier,
            trackingNumber: request.body.trackingNumber,
            ...(request.body.lines ? { lines: request.body.lines } : {}),
          },
          actor(request),
        ),
      ),
  );

  app.post(
    `${list}/:orderNumber/cancel`,
    {
      ...checked("orders.manage"),
      schema: {
        ...action,
        summary: "Cancel the order before it ships: its payment is reversed, its stock goes back",
      },
    },
    async (request, reply) =>
      send(
        reply,
        await fulfilment.cancel(
          request.params.orderNumber,
          request.headers["idempotency-key"],
          actor(request),
        ),
      ),
  );

  app.post(
    `${list}/:orderNumber/refund`,
    {
      ...checked("orders.refund"),
      schema: {
        ...action,
        summary:
          "Refund the order: all that is left, or lines (units) and/or the shipping; staff within their role's limit",
        body: refundBody,
      },
    },
    async (request, reply) =>
      send(
        reply,
        await fulfilment.refund(
          request.params.orderNumber,
          request.headers["idempotency-key"],
          {
            ...(request.body.lines ? { lines: request.body.lines } : {}),
            ...(request.body.shipping !== undefined ? { shipping: request.body.shipping } : {}),
            ...(request.body.reason ? { reason: request.body.reason } : {}),
          },
          actor(request),
        ),
      ),
  );

  app.post(
    `${list}/:orderNumber/refunds/:refundId/retry`,
    {
      ...checked("orders.refund"),
      schema: {
        ...action,
        summary: "Ask a failed refund again (the same lines and shipping)",
        params: refundParams,
      },
    },
    async (request, reply) =>
      send(
        reply,
        await fulfilment.retryRefund(
          request.params.orderNumber,
          request.headers["idempotency-key"],
          request.params.refundId,
          actor(request),
        ),
      ),
  );

  app.post(
    `${list}/:orderNumber/deliver`,
    {
      ...checked("orders.manage"),
      schema: { ...action, summary: "Mark a shipped order delivered (its return window starts)" },
    },
    async (request, reply) =>
      send(
        reply,
        await fulfilment.deliver(
          request.params.orderNumber,
          request.headers["idempotency-key"],
          actor(request),
        ),
      ),
  );
};
