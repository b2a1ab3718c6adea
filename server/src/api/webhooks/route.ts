import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { ordersCsv, refundsCsv } from "../../services/accounting-export.ts";
import type { Services } from "../../services/index.ts";
import {
  deliveriesQuery,
  deliverySchema,
  endpointBody,
  endpointSchema,
  idParams,
  rangeQuery,
} from "./validators.ts";

const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/**
 * Webhooks for a warehouse or ERP, behind ADMIN_TOKEN (issue 25 item 4): endpoints, deliveries
 * with their attempts, a retry by hand. Under `/api/admin/webhooks`.
 */
export const webhookAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const webhooks = services.webhooks;
  app.addHook("onRequest", requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/endpoints",
    {
      schema: {
        tags: ["admin"],
        summary: "Webhook endpoints in use (from WEBHOOK_ENDPOINTS and added here); secrets are never shown",
        response: { 200: envelopeSchema(z.array(endpointSchema)), 401: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => ok(reply, await webhooks.endpoints()),
  );

  app.post(
    "/endpoints",
    {
      schema: {
        tags: ["admin"],
        summary: "Add a webhook endpoint; without a secret one is made and answered this once",
        body: endpointBody,
        response: {
          201: envelopeSchema(z.object({ endpoint: endpointSchema, secret: z.string().optional() })),
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const added = await webhooks.addEndpoint(request.body);
      if (!added.ok) return sendError(reply, added.code, added.message);
      return ok(
        reply,
        { endpoint: added.endpoint, ...(added.secret ? { secret: added.secret } : {}) },
        undefined,
        201,
      );
    },
  );

  app.delete(
    "/endpoints/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Remove a webhook endpoint added here; its pending deliveries fail",
        params: idParams,
        response: { 200: envelopeSchema(z.literal("removed")), ...refusals },
      },
    },
    async (request, reply) => {
      const removed = await webhooks.removeEndpoint(request.params.id);
      if (!removed.ok) return sendError(reply, removed.code, removed.message);
      return ok(reply, "removed" as const);
    },
  );

  app.get(
    "/deliveries",
    {
      schema: {
        tags: ["admin"],
        summary: "Webhook deliveries, newest first, with their attempts (filter by status and event type)",
        querystring: deliveriesQuery,
        response: {
          200: envelopeSchema(
            z.object({
              items: z.array(deliverySchema),
              total: z.number(),
              page: z.number(),
              pageSize: z.number(),
            }),
          ),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => ok(reply, await webhooks.deliveries(request.query)),
  );

  app.post(
    "/deliveries/:id/retry",
    {
      schema: {
        tags: ["admin"],
        summary: "Send a failed delivery again now (same webhook-id and body)",
        params: idParams,
        response: { 200: envelopeSchema(z.literal("queued")), ...refusals },
      },
    },
    async (request, reply) => {
      const retried = await webhooks.retry(request.params.id);
      if (!retried.ok) return sendError(reply, retried.code, retried.message);
      return ok(reply, "queued" as const);
    },
  );
};

/** `GET /api/admin/exports/orders.csv` and `refunds.csv` for accounting, behind ADMIN_TOKEN. */
export const accountingExportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addHook("onRequest", requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"));
  const db = services.database.db;
  const exports = [
    ["orders", "Orders placed from one day to another (shop time), as CSV", ordersCsv],
    [
      "refunds",
      "Refunds the payment provider confirmed from one day to another (shop time), as CSV",
      refundsCsv,
    ],
  ] as const;
  for (const [name, summary, write] of exports) {
    app.get(
      `/${name}.csv`,
      {
        schema: {
          tags: ["admin"],
          summary,
          querystring: rangeQuery,
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        return reply
          .type("text/csv; charset=utf-8")
          .header("cache-control", "no-store")
          .header("content-disposition", `attachment; filename="${name}-${from}-${to}.csv"`)
          .send(await write(db, { from, to }));
      },
    );
  }
};
