import { isValidEmail } from "@etalage/core";
import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok } from "../../http/envelope.ts";
import { mailLimits } from "../../http/mail-limits.ts";
import { rateLimitOptions } from "../../http/rate-limits.ts";
import { line, skuSchema } from "../../http/schemas.ts";
import type { Services } from "../../services/index.ts";

const email = line(254).refine(isValidEmail, "is not a valid e-mail address");

/**
 * "Mail me als mijn maat er weer is" (issue 14). The request mails nobody now, but a kept address
 * is mailed later: a shopper asks for several sizes with her own address, a script for strangers.
 * Three mailboxes an hour from one client, twenty alerts an hour for one mailbox from anywhere,
 * STOCK_ALERTS_PER_HOUR for the shop (http/mail-limits.ts, issue 31); thirty a minute per client
 * caps the rest.
 */
export const stockAlertRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(rateLimit, rateLimitOptions(services.config));
  const alertMailLimits = mailLimits(app, {
    name: "stock-alert",
    mailboxesPerClient: 3,
    perMailbox: 20,
    overall: services.config.STOCK_ALERTS_PER_HOUR,
    allow: services.config.RATE_LIMIT_ALLOW,
  });

  app.post(
    "/stock/alert",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      preHandler: alertMailLimits,
      schema: {
        tags: ["stock"],
        summary: "Mail this address once when a sold-out sku is back in stock",
        body: z.strictObject({ sku: skuSchema, email }),
        response: {
          200: envelopeSchema(z.literal("waiting")),
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      await services.stockAlerts.request(request.body.sku, request.body.email);
      return ok(reply, "waiting" as const);
    },
  );
};
