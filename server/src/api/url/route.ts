import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CatalogLookups } from "../../catalog-index/lookups.ts";
import { envelopeSchema, ok, sendError } from "../../http/envelope.ts";
import type { Services } from "../../services/index.ts";
import { type CmsPageLookup, resolveUrl } from "../../services/url-resolve.ts";
import { filterSource } from "./source-fields.ts";
import { urlMapBody, urlMapResult, urlNotFound } from "./validators.ts";

export interface UrlRoutesOptions {
  services: Services;
  /** Overrides the CMS port's page lookup (services.cms.page). */
  cmsPage?: CmsPageLookup;
}

/** `POST /api/url/map` (contract "Catalogue"): what a storefront path shows. */
export const urlRoutes: FastifyPluginAsyncZod<UrlRoutesOptions> = async (app, { services, cmsPage }) => {
  const lookups: CatalogLookups = services.catalog;

  app.post(
    "/url/map",
    {
      schema: {
        tags: ["catalog"],
        summary: "Resolve a storefront path to a product, category or CMS page",
        body: urlMapBody,
        response: { 200: envelopeSchema(urlMapResult), 404: urlNotFound },
      },
    },
    async (request, reply) => {
      const { url, includeFields, excludeFields, filters } = request.body;
      const match = await resolveUrl(lookups, url, {
        preventChildDirectAccess: services.config.PREVENT_CHILD_DIRECT_ACCESS,
        sku: filters?.sku,
        cmsPage: cmsPage ?? services.cms.page,
      });
      const meta = match.redirect ? { redirect: match.redirect } : undefined;
      if (!match.found) return sendError(reply, 404, match.message, meta);
      const source = filterSource(match.source, includeFields, excludeFields);
      return ok(reply, { _type: match.type, _source: source }, meta);
    },
  );
};
