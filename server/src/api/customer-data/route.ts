import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, envelopeSchema, ok } from "../../http/envelope.ts";
import { line, skuSchema } from "../../http/schemas.ts";
import { type Contact, EDITABLE_ATTRIBUTES, secretMatches } from "../../providers/customer-data/engage.ts";
import type { Services } from "../../services/index.ts";
import { STORES } from "../../services/stores/index.ts";

/*
 * The customer-data platform, in Voyado Engage's shapes (contract "Newsletter and customer
 * data"). The browser's own contact is opened by the secret it was given with it
 * (`x-contact-secret`); a customer's by the customer's token. Anything else is refused the same
 * way whether the id exists or not, so ids cannot be probed.
 */

const contactIdSchema = z.uuid("must be a contact id");
const contactParams = z.object({ contactId: contactIdSchema });
const secretHeader = z.looseObject({ "x-contact-secret": line(64).optional() });
const overviewSchema = z.object({
  id: z.string(),
  attributes: z.record(z.string(), z.string()),
  preferences: z.object({ acceptsEmail: z.boolean(), acceptsSms: z.boolean(), acceptsPostal: z.boolean() }),
});
const changesSchema = z
  .object({
    ...Object.fromEntries(EDITABLE_ATTRIBUTES.map((name) => [name, line(120).optional()])),
    // One of our stores, or "" to clear the choice.
    favstore: line(64)
      .refine((id) => id === "" || STORES.some((store) => store.id === id), "is not one of our stores")
      .optional(),
  })
  .strict();
const cartSchema = z.object({
  hash: line(64).nullable(),
  items: z.array(z.object({ sku: skuSchema, qty: z.number().int().min(1).max(9999) })).max(200),
});
/** favstore of what was delivered rather than collected in a store. */
const ONLINE_STORE = "Webshop";
const REFUSED = "contactId: no such contact for this session";
const rateLimit = { max: 60, timeWindow: "1 minute" };

function bearerOf(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
}

/** The customer's external id as the accounts module tells it, or its id. */
async function customKeyOf(request: FastifyRequest, services: Services): Promise<string | null> {
  const token = bearerOf(request);
  if (!token || !services.customerTokens) return null;
  const customer = await services.customerTokens.verify(token);
  if (!customer) return null;
  return customer.externalId ?? String(customer.customerId);
}

export const customerDataRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const engage = services.engage;

  /** The contact, if this request is its own session; else the one refusal for every case. */
  async function ownContact(request: FastifyRequest, contactId: string): Promise<Contact> {
    const contact = await engage.byId(contactId);
    if (contact) {
      const secret = request.headers["x-contact-secret"];
      if (typeof secret === "string" && secretMatches(secret, contact.secretHash)) return contact;
      if (contact.customKey && (await customKeyOf(request, services)) === contact.customKey) return contact;
    }
    throw new ApiError(404, REFUSED);
  }

  app.post(
    "/contacts",
    {
      config: { rateLimit },
      schema: {
        tags: ["customer-data"],
        summary: "A contact for this browser: its contactId and the secret that opens it (shown once)",
        response: { 200: envelopeSchema(z.object({ contactId: z.string(), secret: z.string() })) },
      },
    },
    async (_request, reply) => ok(reply, await engage.createForBrowser()),
  );

  app.get(
    "/contact-id",
    {
      schema: {
        tags: ["customer-data"],
        summary: "The logged-in customer's contactId by their external id (customKey); needs their token",
        querystring: z.object({ customKey: line(64).min(1, "must not be empty") }),
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (request, reply) => {
      const own = await customKeyOf(request, services);
      if (own === null) throw new ApiError(401, "authorization: a valid customer token is required");
      if (own !== request.query.customKey)
        throw new ApiError(404, "customKey: no such contact for this session");
      return ok(reply, await engage.idForCustomKey(own));
    },
  );

  app.get(
    "/contact/:contactId",
    {
      schema: {
        tags: ["customer-data"],
        summary: "The contact's overview with attributes.favstore and favbrand",
        params: contactParams,
        headers: secretHeader,
        response: { 200: envelopeSchema(overviewSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await engage.overview(await ownContact(request, request.params.contactId))),
  );

  app.patch(
    "/contact/:contactId",
    {
      config: { rateLimit },
      schema: {
        tags: ["customer-data"],
        summary: "Changes to the contact's attributes (partial; an empty string clears one)",
        params: contactParams,
        headers: secretHeader,
        body: changesSchema,
        response: { 200: envelopeSchema(overviewSchema) },
      },
    },
    async (request, reply) => {
      const contact = await ownContact(request, request.params.contactId);
      return ok(reply, await engage.update(contact, request.body as Record<string, string | undefined>));
    },
  );

  app.post(
    "/contact/:contactId/product-view",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["customer-data"],
        summary: "A product page the contact looked at (feeds favbrand)",
        params: contactParams,
        headers: secretHeader,
        body: z.object({ sku: skuSchema }),
        response: { 200: envelopeSchema(z.object({ recorded: z.boolean() })) },
      },
    },
    async (request, reply) => {
      const contact = await ownContact(request, request.params.contactId);
      const product = services.catalog.productBySku(request.body.sku);
      if (!product) throw new ApiError(404, "sku: no such product");
      await engage.recordView(contact.id, {
        sku: product.sku ?? request.body.sku,
        brand: brandLabel(services, product.brand),
      });
      return ok(reply, { recorded: true });
    },
  );

  app.put(
    "/contact/:contactId/cart",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["customer-data"],
        summary:
          "The contact's cart, reported when its hash changed; an empty list is the cart-emptied report",
        params: contactParams,
        headers: secretHeader,
        body: cartSchema,
        response: { 200: envelopeSchema(z.object({ changed: z.boolean() })) },
      },
    },
    async (request, reply) => {
      const contact = await ownContact(request, request.params.contactId);
      const { hash, items } = request.body;
      return ok(reply, { changed: await engage.reportCart(contact.id, items.length ? hash : null, items) });
    },
  );

  app.post(
    "/contact/:contactId/order",
    {
      config: { rateLimit },
      schema: {
        tags: ["customer-data"],
        summary:
          "An order placed in this session, counted once for the contact's favbrand and favstore; needs the order's token",
        params: contactParams,
        headers: secretHeader,
        body: z.object({
          orderNumber: line(32).min(1, "must not be empty"),
          token: line(128).min(1, "must not be empty"),
        }),
        response: { 200: envelopeSchema(z.object({ recorded: z.boolean() })) },
      },
    },
    async (request, reply) => {
      const contact = await ownContact(request, request.params.contactId);
      const order = await services.orders.forToken(request.body.orderNumber, request.body.token);
      if (!order) throw new ApiError(404, "orderNumber: no such order for this token");
      if (order.status === "pending" || order.status === "canceled")
        throw new ApiError(409, "orderNumber: the order is not placed yet");
      const lines = order.items.map((item) => {
        const product =
          services.catalog.productBySku(item.sku) ?? services.catalog.childBySku(item.sku)?.parent;
        return { sku: item.sku, brand: brandLabel(services, product?.brand) };
      });
      const store = order.pickup?.kind === "store" ? order.pickup.name : ONLINE_STORE;
      return ok(reply, { recorded: await engage.recordOrder(contact.id, order.increment_id, lines, store) });
    },
  );
};

/** The brand's label ("Casa Moretti"), not its option id: favbrand is read by people. */
function brandLabel(services: Services, value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  const attribute = services.catalog.snapshot().attributeByCode.get("brand");
  return attribute?.options.find((option) => String(option.value) === String(value))?.label ?? String(value);
}
