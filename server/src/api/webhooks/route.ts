import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { ordersCsv, refundsCsv } from "../../services/accounting-export.ts";
import type { Services } from "../../services/index.ts";
import { rangeQuery } from "./validators.ts";
import { webhookRoutes } from "./webhook-routes.ts";

/**
 * The webhooks API behind ADMIN_TOKEN, at `/api/admin/webhooks`; the back office's staff reach
 * the same routes at `/api/beheer/webhooks` (api/beheer/webhooks.ts).
 */
export const webhookAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  await app.register(webhookRoutes, {
    services,
    tag: "admin",
    guard: requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"),
    actor: () => ({ kind: "admin-api" }),
  });
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
