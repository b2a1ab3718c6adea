import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import type { Services } from "../../services/index.ts";
import { disableBody, inviteAnswer, inviteBody, staffAnswer } from "../beheer/validators.ts";

/** What the audit log calls the operator who holds ADMIN_TOKEN (`npm run staff`). */
const OPERATOR = "ADMIN_TOKEN";

/**
 * Staff accounts for the operator (`npm run staff`): `/api/admin/staff` with ADMIN_TOKEN. An
 * account starts as an invitation link; its owner sets the password and the second factor there.
 */
export const staffAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook("onRequest", requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const errors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
    409: errorEnvelopeSchema,
  };

  app.get(
    "",
    {
      schema: {
        tags: ["admin"],
        summary: "Every staff account",
        response: { 200: envelopeSchema(z.array(staffAnswer)), ...errors },
      },
    },
    async (_request, reply) => ok(reply, await services.staff.accounts.list()),
  );

  app.post(
    "",
    {
      schema: {
        tags: ["admin"],
        summary: "Invite a staff member: a one-time link, valid 72 hours",
        body: inviteBody,
        response: { 200: envelopeSchema(inviteAnswer), ...errors },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await services.staff.accounts.invite(request.body.email, request.body.role, {
          staffId: null,
          actor: OPERATOR,
          ip: request.ip,
        }),
      ),
  );

  app.post(
    "/disable",
    {
      schema: {
        tags: ["admin"],
        summary: "Disable a staff account: its sessions end at once",
        body: disableBody,
        response: { 200: envelopeSchema(staffAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const row = await services.staff.accounts.disable(request.body.email, {
        staffId: null,
        actor: OPERATOR,
        ip: request.ip,
      });
      return row ? ok(reply, row) : sendError(reply, 404, "body.email: No staff account with this email");
    },
  );
};
