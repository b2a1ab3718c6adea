import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { newsletterOutbox } from "../../db/schema.ts";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { envelopeSchema, ok } from "../../http/envelope.ts";
import { line } from "../../http/schemas.ts";
import type { Services } from "../../services/index.ts";

/** The operator's look into the newsletter's outbox (ADMIN_TOKEN), newest first. */
export const newsletterAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addHook("onRequest", requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"));
  app.get(
    "/outbox",
    {
      schema: {
        tags: ["admin"],
        summary: "Newsletter mails written for an address (the built-in mailbox)",
        querystring: z.object({ to: line(254).min(3, "must be an address") }),
        response: {
          200: envelopeSchema(
            z.array(
              z.object({
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.string(),
                headers: z.record(z.string(), z.string()),
                kind: z.string(),
                createdAt: z.string(),
              }),
            ),
          ),
        },
      },
    },
    async (request, reply) => {
      const rows = await services.database.db
        .select()
        .from(newsletterOutbox)
        .where(eq(newsletterOutbox.to, request.query.to))
        .orderBy(desc(newsletterOutbox.id))
        .limit(50);
      return ok(
        reply,
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      );
    },
  );
};
