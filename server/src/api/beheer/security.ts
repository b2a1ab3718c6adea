import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok } from "../../http/envelope.ts";
import { requireStaff } from "../../http/require-staff.ts";
import type { Services } from "../../services/index.ts";
import {
  optionsAnswer,
  passkeyAnswer,
  passkeyParams,
  registrationBody,
} from "../accounts/passkey-validators.ts";
import { relyingParty } from "../accounts/relying-party.ts";
import { customerRateLimitOptions } from "../accounts/session.ts";
import { changeHeaders, securityAnswer, totpEnrolBody, totpOfferAnswer } from "./validators.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const noBody = z.strictObject({}).optional();
const changes = { config: { rateLimit: { max: 30, timeWindow: "15 minutes" } } };

/**
 * A signed-in staff member's own second factors, `/api/beheer/security` (the page
 * `/beheer/beveiliging`), for every role: TOTP enrolled after activation, passkeys added and
 * removed. The session cookie and, for a change, its CSRF token (requireStaff); each change is
 * in the audit log, in its transaction, and runs once per Idempotency-Key.
 */
export const beheerSecurityRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { staff, config } = services;
  await app.register(rateLimit, customerRateLimitOptions(config));
  app.addHook("onRequest", requireStaff(services));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const member = (request: FastifyRequest) => request.staff!.staff;
  const actor = (request: FastifyRequest) => ({
    staffId: member(request).id,
    actor: member(request).email,
    ip: request.ip,
  });

  app.get(
    "",
    {
      schema: {
        tags: ["beheer"],
        summary: "The signed-in member's second factors: TOTP, an authenticator app being set up, passkeys",
        response: { 200: envelopeSchema(securityAnswer), ...errors },
      },
    },
    async (request, reply) => ok(reply, await staff.security.view(member(request))),
  );

  app.post(
    "/totp/offer",
    {
      ...changes,
      schema: {
        tags: ["beheer"],
        summary: "Begin setting up the authenticator app: the secret to scan (the same until it is enrolled)",
        body: noBody,
        response: { 200: envelopeSchema(totpOfferAnswer), ...errors },
      },
    },
    async (request, reply) => ok(reply, await staff.security.offerTotp(member(request))),
  );

  app.post(
    "/totp",
    {
      ...changes,
      schema: {
        tags: ["beheer"],
        summary: "Enrol the authenticator app with a code from the offered secret",
        headers: changeHeaders,
        body: totpEnrolBody,
        response: { 200: envelopeSchema(z.object({ totp: z.literal(true) })), ...errors },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await staff.security.enrolTotp(
          member(request),
          request.body.code,
          actor(request),
          request.headers["idempotency-key"],
        ),
      ),
  );

  app.post(
    "/passkeys/options",
    {
      ...changes,
      schema: {
        tags: ["beheer"],
        summary: "Begin adding a passkey: WebAuthn creation options with a 5-minute challenge",
        body: noBody,
        response: { 200: envelopeSchema(optionsAnswer), ...errors },
      },
    },
    async (request, reply) =>
      ok(reply, await staff.passkeys.registrationOptions(member(request), relyingParty(config, request))),
  );

  app.post(
    "/passkeys",
    {
      ...changes,
      schema: {
        tags: ["beheer"],
        summary: "Add the passkey the browser created for the challenge, named after the device",
        headers: changeHeaders,
        body: registrationBody,
        response: { 200: envelopeSchema(passkeyAnswer), ...errors },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await staff.passkeys.register(
          member(request),
          request.body.credential,
          request.headers["user-agent"],
          actor(request),
          request.headers["idempotency-key"],
        ),
      ),
  );

  app.delete(
    "/passkeys/:id",
    {
      ...changes,
      schema: {
        tags: ["beheer"],
        summary: "Remove one of the member's passkeys (never a beheerder's last second factor)",
        headers: changeHeaders,
        params: passkeyParams,
        response: { 200: envelopeSchema(z.object({ id: z.number() })), ...errors },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await staff.passkeys.remove(
          member(request),
          request.params.id,
          actor(request),
          request.headers["idempotency-key"],
        ),
      ),
  );
};
