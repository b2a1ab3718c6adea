import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import type { Services } from "../../services/index.ts";

const TYPES = { cmsPage: "cms_page", cmsBlock: "cms_block" } as const;
const KEY = /^(\d{1,9}|[a-z0-9]([a-z0-9_/-]{0,298}[a-z0-9])?)$/;

/**
 * `GET /api/ext/cms-data/cms{Page|Block}/{id}` (contract "CMS"): a published CMS page or block
 * by id, or by identifier (its full slug), as the catalogue's cms_page / cms_block document.
 */
export const cmsDataRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  for (const [segment, type] of Object.entries(TYPES)) {
    app.get(
      `/${segment}/*`,
      {
        schema: {
          tags: ["cms"],
          summary: `A published CMS ${type === "cms_page" ? "page" : "block"} by id or identifier`,
          params: z.object({ "*": z.string() }),
          response: {
            200: envelopeSchema(z.record(z.string(), z.unknown())),
            400: errorEnvelopeSchema,
            404: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        const key = request.params["*"].replace(/^\/+|\/+$/g, "");
        if (!KEY.test(key)) {
          const message = "must be an id or an identifier (a full slug)";
          return sendError(reply, 400, `params.id: ${message}`, { errors: [{ path: "params.id", message }] });
        }
        const doc = await services.cms.cmsData(type, key);
        if (!doc) return sendError(reply, 404, `No published ${type} ${key}`);
        return ok(reply, doc);
      },
    );
  }
};
