import { emailKey, isValidEmail, NEWSLETTER_MESSAGES } from "@etalage/core";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, envelopeSchema, errorEnvelopeSchema, ok } from "../../http/envelope.ts";
import { mailLimits } from "../../http/mail-limits.ts";
import { line } from "../../http/schemas.ts";
import type { Services } from "../../services/index.ts";
import { customerSession } from "../accounts/session.ts";

/*
 * The newsletter in Voyado Engage's shapes (contract "Newsletter and customer data";
 * transactional §7 "Newsletter"), under /api/ext/voyado-engage-newsletter.
 */

const email = line(254).refine(isValidEmail, NEWSLETTER_MESSAGES.invalidEmail);
const tokenSchema = line(64).min(16, "is not a valid link");
/** Link clicks and unsubscribes: generous for people, a wall for a script. */
const signUpLimit = { max: 30, timeWindow: "1 minute" };

export const newsletterRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const newsletter = services.newsletter;
  // A sign-up mails someone: three mailboxes an hour from one client, three sign-ups an hour for
  // one mailbox from anywhere, NEWSLETTER_SIGNUPS_PER_HOUR for the shop (http/mail-limits.ts).
  const signUpMailLimits = mailLimits(app, {
    name: "newsletter",
    mailboxesPerClient: 3,
    perMailbox: 3,
    overall: services.config.NEWSLETTER_SIGNUPS_PER_HOUR,
    allow: services.config.RATE_LIMIT_ALLOW,
  });

  // RFC 8058's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_r, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  /**
   * Who may see or end an address's subscription (issue 31 item 3): the logged-in customer whose
   * address it is. Anyone else learns nothing about it: 401 without a login, 403 for another address.
   */
  const ownAddress = async (request: FastifyRequest, address: string, field: string) => {
    const session = await customerSession(services.accounts, request);
    const profile = await services.accounts.profile(session.customerId);
    if (!profile || emailKey(profile.email) !== emailKey(address))
      throw new ApiError(403, `${field}: is not the address of the logged-in customer`);
  };

  app.get(
    "/subscribe",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["newsletter"],
        summary: "Whether the logged-in customer's own address is subscribed (confirmed)",
        querystring: z.object({ email }),
        response: {
          200: envelopeSchema(z.enum(["subscribed", "not-subscribed"])),
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await ownAddress(request, request.query.email, "querystring.email");
      return ok(reply, await newsletter.status(request.query.email));
    },
  );

  app.post(
    "/subscribe",
    {
      config: { rateLimit: signUpLimit },
      preHandler: signUpMailLimits,
      schema: {
        tags: ["newsletter"],
        summary: "Sign up: mails a confirmation link (double opt-in); nothing if already subscribed",
        querystring: z.object({ email: email.optional() }),
        body: z.object({ email, token: line(512).optional(), contactId: z.uuid().optional() }),
        response: {
          200: envelopeSchema(
            z.union([z.object({ contact_id: z.string() }), z.object({ email_exists: z.literal(true) })]),
          ),
        },
      },
    },
    async (request, reply) => {
      const { email: address, contactId } = request.body;
      if (request.query.email !== undefined && request.query.email.toLowerCase() !== address.toLowerCase())
        throw new ApiError(400, "querystring.email: must be the body's email");
      return ok(reply, await newsletter.subscribe(address, contactId));
    },
  );

  app.delete(
    "/subscribe",
    {
      config: { rateLimit: signUpLimit },
      schema: {
        tags: ["newsletter"],
        summary:
          "Unsubscribe an address with its mailed unsubscribe token, or the logged-in customer's own; nothing happens if it is not subscribed",
        body: z.object({ email, token: tokenSchema.optional() }),
        response: {
          200: envelopeSchema(z.literal("not-subscribed")),
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { email: address, token } = request.body;
      if (token !== undefined) {
        if (!(await newsletter.knowsUnsubscribeToken(token, address)))
          throw new ApiError(404, "body.token: This unsubscribe link is not valid.");
        await newsletter.unsubscribeToken(token);
      } else {
        await ownAddress(request, address, "body.email");
        await newsletter.unsubscribeEmail(address);
      }
      return ok(reply, "not-subscribed" as const);
    },
  );

  app.post(
    "/confirm",
    {
      config: { rateLimit: signUpLimit },
      schema: {
        tags: ["newsletter"],
        summary:
          "The mailed confirmation: subscribed from now on; answers the welcome coupon (null if this mailbox had one)",
        body: z.object({ token: tokenSchema }),
        response: { 200: envelopeSchema(z.object({ email: z.string(), code: z.string().nullable() })) },
      },
    },
    async (request, reply) => {
      const confirmed = await newsletter.confirm(request.body.token);
      if (!confirmed) throw new ApiError(404, "token: This confirmation link is not valid (any more).");
      return ok(reply, confirmed);
    },
  );

  app.post(
    "/unsubscribe",
    {
      config: { rateLimit: signUpLimit },
      schema: {
        tags: ["newsletter"],
        summary: "One-click unsubscribe from a mail's link or List-Unsubscribe-Post header (RFC 8058)",
        querystring: z.object({ token: tokenSchema }),
        body: z.record(z.string(), z.string().max(64)).optional(),
        response: { 200: envelopeSchema(z.literal("not-subscribed")) },
      },
    },
    async (request, reply) => {
      const known = await newsletter.knowsUnsubscribeToken(request.query.token);
      if (!known) throw new ApiError(404, "token: This unsubscribe link is not valid.");
      await newsletter.unsubscribeToken(request.query.token);
      return ok(reply, "not-subscribed" as const);
    },
  );
};
