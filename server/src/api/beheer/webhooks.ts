import { rolesFor } from "@etalage/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStaff } from "../../http/require-staff.ts";
import type { Services } from "../../services/index.ts";
import { webhookRoutes } from "../webhooks/webhook-routes.ts";

/**
 * Webhooks in the back office (issue 25 item 4): the admin API's routes and service behind a
 * staff session at `/api/beheer/webhooks…`, for roles with webhooks.manage. Every change carries
 * the session's CSRF token (requireStaff) and lands in the staff audit log.
 */
export const beheerWebhookRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  await app.register(webhookRoutes, {
    services,
    tag: "beheer",
    guard: requireStaff(services, ...rolesFor("webhooks.manage")),
    actor: (request) => {
      const { staff } = request.staff!;
      return { kind: "staff", staffId: staff.id, email: staff.email, ip: request.ip };
    },
  });
};
