import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CatalogLookups } from "../../catalog-index/lookups.ts";
import { envelopeSchema, ok } from "../../http/envelope.ts";
import type { Services } from "../../services/index.ts";
import { renderList } from "./price-info.ts";
import { renderListQuery, renderListResult } from "./validators.ts";

/** `GET /api/product/render-list` (browsing §7 "Price list"): prices of up to 100 skus. */
export const productRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const lookups: CatalogLookups = services.catalog;

  app.get(
    "/product/render-list",
    {
      schema: {
        tags: ["catalog"],
        summary: "Prices of up to 100 skus (parents or configurable children); unknown skus are left out",
        querystring: renderListQuery,
        response: { 200: envelopeSchema(renderListResult) },
      },
    },
    async (request, reply) => ok(reply, { items: renderList(lookups, request.query.skus) }),
  );
};
