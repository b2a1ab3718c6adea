import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { ADMIN_API } from "../../services/fulfilment/index.ts";
import type { Services } from "../../services/index.ts";
import { fulfilmentRoutes } from "./fulfilment-routes.ts";

/**
 * The orders API behind `ADMIN_TOKEN` (issue 25, docs/decisions/0045): for the operator and for a
 * warehouse or ERP posting its tracking numbers, at `/api/admin/orders…`. The back office's staff
 * reach the same routes at `/api/beheer/orders…` (api/beheer/orders.ts).
 */
export const adminFulfilmentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addHook("onRequest", requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"));
  await app.register(fulfilmentRoutes, {
    services,
    tag: "admin",
    list: "/admin/orders",
    guard: () => undefined,
    actor: () => ADMIN_API,
  });
};
