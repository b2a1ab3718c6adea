import { timingSafeEqual } from "node:crypto";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError } from "../../http/envelope.ts";
import { line } from "../../http/schemas.ts";
import { CONTACT_FIELDS, type EngageApi } from "../../providers/customer-data/engage-api.ts";

/*
 * The built-in Voyado Engage REST API (issue 24 item 5; vendor-apis §4), under
 * /api/ext/voyado-engage-api: what VOYADO_ENGAGE_URL points at by default. Every call needs the
 * `apikey` header, a `User-Agent` and JSON, as Engage does; refusals are `{ "message": "…" }`,
 * naming the field.
 */

export const ENGAGE_API_BASE = "/api/ext/voyado-engage-api";

const send = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).header("cache-control", "no-store").send({ message });

const consent = z.strictObject({
  id: line(64),
  value: z.boolean(),
  date: z.iso.datetime({ offset: true }),
  source: line(64).optional(),
  comment: line(500).optional(),
});
const contactBody = z.strictObject({
  contactType: z.literal("Member").optional(),
  ...Object.fromEntries(CONTACT_FIELDS.map((name) => [name, line(200).optional()])),
  email: z.union([z.literal(""), z.email("must be an email address")]).optional(),
  preferences: z
    .strictObject({
      acceptsEmail: z.boolean().optional(),
      acceptsSms: z.boolean().optional(),
      acceptsPostal: z.boolean().optional(),
    })
    .optional(),
  consents: z.array(consent).max(20).optional(),
});
const contactId = z.object({ contactId: z.uuid("must be a contact id") });
const contactAnswer = z.object({
  id: z.string(),
  contactType: z.literal("Member"),
  attributes: z.record(z.string(), z.string()),
  preferences: z.object({ acceptsEmail: z.boolean(), acceptsSms: z.boolean(), acceptsPostal: z.boolean() }),
  consents: z.array(
    z.object({
      id: z.string(),
      value: z.boolean(),
      date: z.string(),
      source: z.string().optional(),
      comment: z.string().optional(),
    }),
  ),
  meta: z.object({
    createdOn: z.string(),
    modifiedOn: z.string(),
    source: z.string().nullable(),
    isApproved: z.boolean(),
  }),
});
const refusal = z.object({ message: z.string() });
const errors = { 400: refusal, 401: refusal, 404: refusal, 415: refusal };

export const engageApiRoutes: FastifyPluginAsyncZod<{ api: EngageApi; apiKey: string }> = async (
  app,
  { api, apiKey },
) => {
  const expected = Buffer.from(apiKey);
  app.addHook("onRequest", async (request, reply) => {
    const given = Buffer.from(String(request.headers.apikey ?? ""));
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return send(reply, 401, "apikey: Authorization has been denied for this request.");
    if (!request.headers["user-agent"])
      return send(reply, 400, "User-Agent: is required (<system>/<version>)");
    if (
      request.method === "POST" &&
      !String(request.headers["content-type"] ?? "").startsWith("application/json")
    )
      return send(reply, 415, "content-type: must be application/json");
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return send(reply, error.code, error.message);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = error.validationContext ?? "body";
      const at = [where, ...(first?.instancePath.split("/").filter(Boolean) ?? [])].join(".");
      return send(reply, 400, `${at}: ${first?.message ?? "is invalid"}`);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return send(reply, status, error.message);
    request.log.error({ err: error }, "Engage API request failed");
    return send(reply, 500, "An error has occurred.");
  });
  const unknown = (request: FastifyRequest, reply: FastifyReply) =>
    send(reply, 404, `No HTTP resource was found that matches the request URI ${request.url}`);
  app.setNotFoundHandler(unknown);
  app.all("/*", { schema: { hide: true } }, unknown);
  const tags = ["customer-data"];

  app.post(
    "/api/v3/contacts",
    {
      schema: {
        tags,
        summary: "Engage v3: create a contact, or answer the existing one with that email",
        querystring: z.strictObject({
          source: line(64).optional(),
          storeExternalId: line(64).optional(),
          createAsUnapproved: z.enum(["true", "false"]).optional(),
        }),
        body: contactBody,
        response: { 200: contactAnswer, 201: contactAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { contact, created } = await api.create(request.body, {
        source: request.query.source,
        unapproved: request.query.createAsUnapproved === "true",
      });
      return reply.code(created ? 201 : 200).send(contact);
    },
  );

  app.get(
    "/api/v2/contacts/id",
    {
      schema: {
        tags,
        summary: "Engage v2: a contact's id by email",
        querystring: z.strictObject({
          email: z.email("must be an email address"),
          contactType: line(32).optional(),
        }),
        // A string payload goes out as it is: the JSON string below.
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const id = await api.idByEmail(request.query.email);
      if (!id) return send(reply, 404, "email: no contact has this email address");
      // Engage answers the bare GUID as a JSON string.
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(id));
    },
  );

  app.get(
    "/api/v2/contacts/:contactId",
    {
      schema: {
        tags,
        summary: "Engage v2: a contact",
        params: contactId,
        response: { 200: contactAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const contact = await api.byId(request.params.contactId);
      return contact ? reply.send(contact) : send(reply, 404, "contactId: no such contact");
    },
  );

  app.post(
    "/api/v2/contacts/:contactId",
    {
      schema: {
        tags,
        summary: "Engage v2: update a contact (only what is sent; consents are kept per id)",
        params: contactId,
        body: contactBody,
        response: { 200: contactAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const contact = await api.update(request.params.contactId, request.body);
      return contact ? reply.send(contact) : send(reply, 404, "contactId: no such contact");
    },
  );

  app.post(
    "/api/v2/contacts/:contactId/preferences/acceptsEmail",
    {
      schema: {
        tags,
        summary: "Engage v2: whether the contact takes email (approves an unapproved contact)",
        params: contactId,
        body: z.strictObject({ value: z.boolean() }),
        response: { 200: contactAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const contact = await api.setAcceptsEmail(request.params.contactId, request.body.value);
      return contact ? reply.send(contact) : send(reply, 404, "contactId: no such contact");
    },
  );
};
