import { rolesFor } from "@etalage/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStaff } from "../../http/require-staff.ts";
import type { Services } from "../../services/index.ts";
import { fulfilmentRoutes } from "../orders/fulfilment-routes.ts";

/**
 * Orders in the back office (issue 25): the admin API's routes and service behind a staff session
 * at `/api/beheer/orders…`. Reading needs orders.read; ship, cancel and deliver orders.manage;
 * refunds orders.refund, up to the role's limit (the service refuses more with 403). Every change
 * carries the session's CSRF token (requireStaff) and lands in the staff audit log.
 */
export const beheerOrderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(fulfilmentRoutes, {
    services,
    tag: "beheer",
    list: "",
    guard: (permission) => requireStaff(services, ...rolesFor(permission)),
    actor: (request) => {
      const { staff } = request.staff!;
      return { kind: "staff", staffId: staff.id, email: staff.email, role: staff.role, ip: request.ip };
    },
  });
};
