import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { rateLimitOptions } from "../../http/rate-limits.ts";
import type { Services } from "../../services/index.ts";

const lookupQuery = z.strictObject({
  postcode: z
    .string()
    .regex(/^[1-9][0-9]{3} ?[A-Za-z]{2}$/, "is not a Dutch postcode (1234 AB)")
    .transform((v) => v.replace(/\s/g, "").toUpperCase()),
  houseNumber: z
    .string()
    .regex(/^[1-9][0-9]{0,4}$/, "is not a house number (a positive whole number)")
    .transform(Number),
  addition: z
    .string()
    .max(10, "has at most 10 characters")
    .regex(/^[A-Za-z0-9 -]*$/, "is not a house number addition (letters, digits)")
    .default(""),
});

const addressSchema = z.object({
  street: z.string(),
  houseNumber: z.number().int(),
  addition: z.string(),
  postcode: z.string(),
  city: z.string(),
});

/** `GET /api/ext/address/lookup` (contract "The rest"): NL postcode and house number to street and city. */
export const addressRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(rateLimit, rateLimitOptions(services.config));
  app.get(
    "/lookup",
    {
      config: { rateLimit: { max: services.config.ADDRESS_LOOKUPS_PER_MINUTE, timeWindow: "1 minute" } },
      schema: {
        tags: ["checkout"],
        summary: "The street and city of a Dutch postcode and house number (PDOK Locatieserver)",
        querystring: lookupQuery,
        response: {
          200: envelopeSchema(addressSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const address = await services.addressLookup.lookup(request.query).catch((err: unknown) => {
        request.log.warn({ err }, "address lookup failed");
        return undefined;
      });
      if (address === undefined)
        return sendError(reply, 503, "The address lookup is not available; enter street and city");
      if (!address) return sendError(reply, 404, "Address not found");
      // An address does not change under a shopper's hands: the browser may keep it a day.
      reply.header("cache-control", "public, max-age=86400");
      return ok(reply, address);
    },
  );
};
