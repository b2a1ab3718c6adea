import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok } from "../../http/envelope.ts";
import { skuSchema } from "../../http/schemas.ts";
import { CustomerFavorites, FAVORITES_LIMIT } from "../../services/accounts/favorites.ts";
import type { Services } from "../../services/index.ts";
import { customerSession, sessionMeta } from "./session.ts";
import { tokenQuery } from "./validators.ts";

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };
const listAnswer = envelopeSchema(z.string().array());
const keysBody = z.strictObject({ productKeys: skuSchema.array().min(1).max(FAVORITES_LIMIT) });

/**
 * A customer's favourites (issue 16) under `/api/ext/tritonx/favorites`, with the customer's token
 * like the rest of the customer API: the list, newest first; POST adds (one heart, or the
 * browser's favourites merged at login); DELETE takes one off.
 */
export const customerFavoriteRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const favorites = new CustomerFavorites(services.database.db, (key) =>
    Boolean(services.catalog.productBySku(key)),
  );

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const authenticate = (request: FastifyRequest) => customerSession(services.accounts, request);
  const meta = sessionMeta;

  app.get(
    "/",
    {
      schema: {
        tags: ["customer"],
        summary: "The customer's favourites (product keys), newest first",
        querystring: tokenQuery,
        response: { 200: listAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      return ok(reply, await favorites.list(session.customerId), meta(session));
    },
  );

  app.post(
    "/",
    {
      schema: {
        tags: ["customer"],
        summary: "Add favourites (the first is the newest); at login, the browser's own are merged in",
        querystring: tokenQuery,
        body: keysBody,
        response: { 200: listAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      return ok(reply, await favorites.add(session.customerId, request.body.productKeys), meta(session));
    },
  );

  app.delete(
    "/:productKey",
    {
      schema: {
        tags: ["customer"],
        summary: "Take a product off the customer's favourites",
        params: z.object({ productKey: skuSchema }),
        querystring: tokenQuery,
        response: { 200: listAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      return ok(
        reply,
        await favorites.remove(session.customerId, [request.params.productKey]),
        meta(session),
      );
    },
  );
};
