import type { FastifyRequest, onRequestHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import type { Services } from "../../services/index.ts";
import type { WebhookActor } from "../../services/webhooks/index.ts";
import { deliveriesQuery, deliverySchema, endpointBody, endpointSchema, idParams } from "./validators.ts";

const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

export interface WebhookDoor {
  services: Services;
  /** The OpenAPI tag: `admin` or `beheer`. */
  tag: string;
  /** Who may come in: ADMIN_TOKEN, or a staff session whose role has webhooks.manage. */
  guard: onRequestHookHandler;
  /** Who acts, for the staff audit log. */
  actor(request: FastifyRequest): WebhookActor;
}

/**
 * Webhooks for a warehouse or ERP (issue 25 item 4, docs/decisions/0047): endpoints, deliveries
 * with their attempts, a retry by hand. One definition for two doors: the admin API
 * (`/api/admin/webhooks`, ADMIN_TOKEN) and the back office (`/api/beheer/webhooks`, a staff
 * session, CSRF on changes, every change in the staff audit log).
 */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookDoor> = async (app, door) => {
  const { services, tag, guard, actor } = door;
  const webhooks = services.webhooks;
  app.addHook("onRequest", guard);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/endpoints",
    {
      schema: {
        tags: [tag],
        summary:
          "Webhook endpoints in use (from WEBHOOK_ENDPOINTS and added by hand); secrets are never shown",
        response: {
          200: envelopeSchema(z.array(endpointSchema)),
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (_request, reply) => ok(reply, await webhooks.endpoints()),
  );

  app.post(
    "/endpoints",
    {
      schema: {
        tags: [tag],
        summary: "Add a webhook endpoint; without a secret one is made and answered this once",
        body: endpointBody,
        response: {
          201: envelopeSchema(z.object({ endpoint: endpointSchema, secret: z.string().optional() })),
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const added = await webhooks.addEndpoint(request.body, actor(request));
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
        tags: [tag],
        summary: "Remove a webhook endpoint added by hand; its pending deliveries fail",
        params: idParams,
        response: { 200: envelopeSchema(z.literal("removed")), ...refusals },
      },
    },
    async (request, reply) => {
      const removed = await webhooks.removeEndpoint(request.params.id, actor(request));
      if (!removed.ok) return sendError(reply, removed.code, removed.message);
      return ok(reply, "removed" as const);
    },
  );

  app.get(
    "/deliveries",
    {
      schema: {
        tags: [tag],
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
          403: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => ok(reply, await webhooks.deliveries(request.query)),
  );

  app.post(
    "/deliveries/:id/retry",
    {
      schema: {
        tags: [tag],
        summary: "Send a failed delivery again now (same webhook-id and body)",
        params: idParams,
        response: { 200: envelopeSchema(z.literal("queued")), ...refusals },
      },
    },
    async (request, reply) => {
      const retried = await webhooks.retry(request.params.id, actor(request));
      if (!retried.ok) return sendError(reply, retried.code, retried.message);
      return ok(reply, "queued" as const);
    },
  );
};
