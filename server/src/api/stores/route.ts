import { dutchPostcodeArea } from "@etalage/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { line } from "../../http/schemas.ts";
import { STORES, servicePointsNear } from "../../services/stores/index.ts";

const hours = z.object({ day: z.number().int(), open: z.string().nullable(), close: z.string().nullable() });

const storeSchema = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  country_id: z.string(),
  lat: z.number(),
  lng: z.number(),
  phone: z.string(),
  email: z.string(),
  opening_hours: hours.array(),
  special_hours: z
    .object({
      date: z.string(),
      label: z.string(),
      open: z.string().nullable(),
      close: z.string().nullable(),
    })
    .array(),
  services: z.string().array(),
});

const servicePointSchema = z.object({
  code: z.string(),
  name: z.string(),
  street: z.string(),
  house_number: z.string(),
  postcode: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  distance_m: z.number().int(),
  opening_hours: hours.array(),
  carrier: z.string(),
});

const servicePointsQuery = z.strictObject({
  postcode: line(10).refine((v) => dutchPostcodeArea(v) !== null, "is not a Dutch postcode (1234 AB)"),
  houseNumber: line(10).optional(),
});

/** The store list and PostNL pick-up points (contract "The rest"); static data, cacheable. */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/ext/vsf-storelocator/stores",
    {
      schema: {
        tags: ["stores"],
        summary: "Every store with address, opening hours, special days and services",
        response: { 200: envelopeSchema(storeSchema.array()) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return ok(reply, STORES);
    },
  );

  app.get(
    "/ext/service-points",
    {
      schema: {
        tags: ["stores"],
        summary: "PostNL pick-up points near a Dutch postcode, nearest first",
        querystring: servicePointsQuery,
        response: { 200: envelopeSchema(servicePointSchema.array()), 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const points = servicePointsNear(request.query.postcode) ?? [];
      reply.header("cache-control", "public, max-age=300");
      if (points.length === 0) return sendError(reply, 404, "No service points found");
      return ok(reply, points);
    },
  );
};
