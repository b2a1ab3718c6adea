import { and, desc, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mailOutbox } from "../../db/schema.ts";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { envelopeSchema, ok } from "../../http/envelope.ts";
import { line } from "../../http/schemas.ts";
import type { Services } from "../../services/index.ts";

/** The operator's look at the newsletter mails in the mail outbox (ADMIN_TOKEN), newest first. */
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
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to, request.query.to),
            inArray(mailOutbox.template, ["newsletter-confirm", "newsletter-welcome"]),
          ),
        )
        .orderBy(desc(mailOutbox.id))
        .limit(50);
      return ok(
        reply,
        rows.map((r) => ({
          to: r.to,
          subject: r.subject,
          text: r.text,
          html: r.html,
          headers: r.headers ?? {},
          kind: r.template,
          createdAt: r.createdAt.toISOString(),
        })),
      );
    },
  );
};
