import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import type { Services } from "../../services/index.ts";
import { findStock } from "../../services/stock.ts";
import { stockCheckQuery, stockItem, stockListQuery } from "./validators.ts";

/** Stock is never cached: it answers from the database every time (ARCHITECTURE "Request flow"). */
export const stockRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  app.get(
    "/stock/check",
    {
      schema: {
        tags: ["stock"],
        summary: "Stock of one sku",
        querystring: stockCheckQuery,
        response: { 200: envelopeSchema(stockItem), 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const [item] = await findStock(db, [request.query.sku]);
      reply.header("cache-control", "no-store");
      if (!item) return sendError(reply, 404, `Product not found: ${request.query.sku}`);
      return ok(reply, item);
    },
  );

  app.get(
    "/stock/list",
    {
      schema: {
        tags: ["stock"],
        summary: "Stock of up to 100 skus; unknown skus are left out",
        querystring: stockListQuery,
        response: { 200: envelopeSchema(stockItem.array()) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(reply, await findStock(db, request.query.skus));
    },
  );
};
