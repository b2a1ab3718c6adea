import { STORE } from "@etalage/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, envelopeSchema, ok } from "../../http/envelope.ts";
import { line } from "../../http/schemas.ts";
import { clusterRedirect } from "../../providers/recommendations/cluster.ts";
import { redirectFor, subPages } from "../../providers/recommendations/landing-lookups.ts";
import type { Services } from "../../services/index.ts";

/**
 * The landing-page lookups of browsing §7 that sit beside Elevate, in the contract's envelope
 * (contract "Recommendations and listings"). Both carry the store view in `x-vs-store-code`.
 */
const storeHeaders = z.looseObject({ "x-vs-store-code": line(16).optional() });
const landingPage = z.object({
  id: z.number().int(),
  url_path: z.string(),
  category_id: z.number().int(),
  filter_attributes: z.string(),
  title: z.string().optional(),
});

function checkStore(code: string | undefined) {
  if (code !== undefined && code !== STORE.storeCode)
    throw new ApiError(400, `headers.x-vs-store-code: Storeview ${code} doesn't exist!`);
}

export const elevateLookupRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/redirect",
    {
      schema: {
        tags: ["recommendations"],
        summary: "Where a search term should lead instead of the results page (landing page or category)",
        headers: storeHeaders,
        querystring: z.object({ tn_q: line(256) }),
        response: { 200: envelopeSchema(z.object({ redirect: z.object({ url: z.string() }).nullable() })) },
      },
    },
    async (request, reply) => {
      checkStore(request.headers["x-vs-store-code"] as string | undefined);
      // With a cluster, its search redirects (managed in Elevate) answer (issue 30 item 10).
      const cluster = services.config.ELEVATE_CLUSTER_ID;
      const url = cluster
        ? await clusterRedirect(cluster, request.query.tn_q).catch((error) => {
            request.log.warn({ err: error }, "Elevate redirect lookup failed");
            return undefined;
          })
        : redirectFor(services.catalog, request.query.tn_q);
      return ok(reply, { redirect: url ? { url } : null });
    },
  );

  app.get(
    "/sub-categories/*",
    {
      schema: {
        tags: ["recommendations"],
        summary: "The landing pages below a landing page's url_path",
        headers: storeHeaders,
        params: z.object({ "*": line(500).min(1, "must name a url_path") }),
        response: { 200: envelopeSchema(z.object({ items: z.array(landingPage) })) },
      },
    },
    async (request, reply) => {
      checkStore(request.headers["x-vs-store-code"] as string | undefined);
      return ok(reply, { items: subPages(services.catalog, request.params["*"]) });
    },
  );
};
