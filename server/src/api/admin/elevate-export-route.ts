import type { Category } from "@etalage/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { catalogImportLines } from "../../providers/recommendations/catalog-export.ts";
import { CatalogFacts } from "../../providers/recommendations/catalog-facts.ts";
import type { Services } from "../../services/index.ts";

/**
 * `GET /api/admin/elevate/catalog` (bearer ADMIN_TOKEN; issue 30 item 4): the catalogue and the
 * landing pages as an Elevate 4 catalog import, JSON Lines. `npm run elevate:export` writes it to
 * a file or sends it to the cluster.
 */
export const elevateExportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addHook("onRequest", requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"));
  app.get(
    "/catalog",
    {
      schema: {
        tags: ["admin"],
        summary: "The catalogue and landing pages as an Elevate 4 catalog import (JSON Lines)",
      },
    },
    async (_request, reply) => {
      const snapshot = services.catalog.snapshot();
      const size = snapshot.attributeByCode.get("size");
      const sizeLabel = (value: unknown) =>
        size?.options.find((o) => String(o.value) === String(value))?.label;
      const byId = snapshot.categoryById;
      const categoryPath = (id: number) => {
        const names: string[] = [];
        for (let c: Category | undefined = byId.get(id); c && c.level > 1; c = byId.get(c.parent_id))
          names.unshift(c.name);
        return names.length > 0 ? names.join(" > ") : undefined;
      };
      const lines = [
        ...catalogImportLines(new CatalogFacts(snapshot), snapshot.landingPages, categoryPath, sizeLabel),
      ];
      return reply
        .type("application/jsonlines; charset=utf-8")
        .header("cache-control", "no-store")
        .send(`${lines.join("\n")}\n`);
    },
  );
};
