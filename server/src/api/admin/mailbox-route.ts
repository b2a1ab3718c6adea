import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { int4, line } from "../../http/schemas.ts";
import { listMailbox, readMailbox } from "../../providers/mail/mailbox.ts";
import type { Services } from "../../services/index.ts";

const summary = z.object({ id: z.number(), to: z.string(), subject: z.string(), received_at: z.string() });
const message = summary.extend({ from: z.string(), text: z.string(), html: z.string() });

/**
 * The built-in mailbox for the operator (`npm run mail`), behind ADMIN_TOKEN: without SMTP_URL
 * the shop's mail lands here. Under `/api/admin/mailbox`.
 */
export const mailboxRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook("onRequest", requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const db = services.database.db;

  app.get(
    "/",
    {
      schema: {
        tags: ["admin"],
        summary: "Messages of the built-in mailbox, newest first",
        querystring: z.strictObject({
          to: line(254).optional(),
          limit: z.coerce.number().int().min(1).max(500).optional(),
        }),
        response: {
          200: envelopeSchema(z.array(summary)),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      // Mail still in the outbox is delivered first, so a list right after a reset shows it.
      await services.mail.worker.deliverDue();
      return ok(reply, await listMailbox(db, { to: request.query.to, limit: request.query.limit ?? 50 }));
    },
  );

  app.get(
    "/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One message of the built-in mailbox",
        params: z.strictObject({ id: z.coerce.number().pipe(int4()) }),
        response: {
          200: envelopeSchema(message),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const found = await readMailbox(db, request.params.id);
      return found ? ok(reply, found) : sendError(reply, 404, `Message ${request.params.id} not found`);
    },
  );
};
