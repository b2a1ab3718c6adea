import { COUNTRIES, storeCurrency } from "@etalage/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, ok } from "../../http/envelope.ts";

const country = z.object({
  id: z.string(),
  two_letter_abbreviation: z.string(),
  three_letter_abbreviation: z.string(),
  full_name_locale: z.string(),
  full_name_english: z.string(),
});

const currency = z.object({
  base_currency_code: z.string(),
  base_currency_symbol: z.string(),
  default_display_currency_code: z.string(),
  default_display_currency_symbol: z.string(),
  available_currency_codes: z.array(z.string()),
  exchange_rates: z.array(z.object({ currency_to: z.string(), rate: z.number() })),
  locale: z.string(),
  currencySign: z.string(),
  currencyDecimal: z.string(),
  currencyGroup: z.string(),
  fractionDigits: z.number().int(),
  priceFormat: z.string(),
  example: z.string(),
});

/** Directory (browsing §10): fixed store data, cacheable by browsers and proxies for an hour. */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/countries",
    {
      schema: {
        tags: ["directory"],
        summary: "The countries checkout allows, with Dutch names",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(z.array(country)) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return ok(reply, COUNTRIES);
    },
  );

  app.get(
    "/currency",
    {
      schema: {
        tags: ["directory"],
        summary: "The store's currency (EUR) and how amounts are written",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(currency) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return ok(reply, storeCurrency());
    },
  );
};
