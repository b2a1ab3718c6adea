import { emailKey, isValidEmail } from "@etalage/core";
import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok } from "../../http/envelope.ts";
import { rateLimitOptions } from "../../http/rate-limits.ts";
import { line, skuSchema } from "../../http/schemas.ts";
import type { Services } from "../../services/index.ts";

const email = line(254).refine(isValidEmail, "is not a valid e-mail address");

/**
 * "Mail me als mijn maat er weer is" (issue 14). The request mails nobody now, but a kept address
 * is mailed later: five a minute per client and mailbox keeps a shopper's sizes working and a
 * script that fills someone's mailbox out; thirty a minute per client caps the rest.
 */
export const stockAlertRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(rateLimit, rateLimitOptions(services.config));

  app.post(
    "/stock/alert",
    {
      config: {
        rateLimit: {
          max: 5,
          timeWindow: "1 minute",
          hook: "preHandler",
          keyGenerator: (request: FastifyRequest) => {
            const body = request.body as { email?: unknown } | undefined;
            return `${request.ip}|${typeof body?.email === "string" ? emailKey(body.email) : ""}`;
          },
        },
      },
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
