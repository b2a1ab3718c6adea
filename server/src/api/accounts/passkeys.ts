import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, envelopeSchema, errorEnvelopeSchema, ok } from "../../http/envelope.ts";
import { PASSKEY_NOT_FOUND, type PasskeyService } from "../../services/accounts/passkeys.ts";
import type { Services } from "../../services/index.ts";
import {
  authenticationBody,
  optionsAnswer,
  passkeyAnswer,
  passkeyParams,
  registrationBody,
} from "./passkey-validators.ts";
import { relyingParty } from "./relying-party.ts";
import {
  customerRateLimitOptions,
  customerSession,
  LOGIN_RATE_LIMIT,
  sendTokens,
  sessionMeta,
} from "./session.ts";
import { tokenQuery } from "./validators.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const noBody = z.strictObject({}).optional();

/**
 * Passkeys (issue 12, beyond the spec) under `/api/ext/tritonx/passkeys`: a customer adds and
 * removes them with the customer token; anyone may log in with one, answered exactly as
 * `POST /login` answers, under the same per-address limit. Logic in services/accounts/passkeys.ts.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const passkeys: PasskeyService = services.passkeys;
  await app.register(rateLimit, customerRateLimitOptions(services.config));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const authenticate = (request: FastifyRequest) => customerSession(services.accounts, request);
  const rp = (request: FastifyRequest) => relyingParty(services.config, request);

  app.get(
    "/",
    {
      schema: {
        tags: ["customer"],
        summary: "The customer's passkeys, oldest first (names and dates, never keys)",
        querystring: tokenQuery,
        response: { 200: envelopeSchema(z.array(passkeyAnswer)), ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      return ok(reply, await passkeys.list(session.customerId), sessionMeta(session));
    },
  );

  app.post(
    "/register-options",
    {
      config: { rateLimit: { max: 30, timeWindow: "15 minutes" } },
      schema: {
        tags: ["customer"],
        summary: "Begin adding a passkey: WebAuthn creation options with a 5-minute challenge",
        querystring: tokenQuery,
        body: noBody,
        response: { 200: envelopeSchema(optionsAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const options = await passkeys.registrationOptions(session.customerId, rp(request));
      return ok(reply, options, sessionMeta(session));
    },
  );

  app.post(
    "/register",
    {
      config: { rateLimit: { max: 30, timeWindow: "15 minutes" } },
      schema: {
        tags: ["customer"],
        summary: "Add the passkey the browser created for the challenge",
        querystring: tokenQuery,
        body: registrationBody,
        response: { 200: envelopeSchema(passkeyAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const added = await passkeys.register(
        session.customerId,
        request.body.credential,
        request.headers["user-agent"],
      );
      return ok(reply, added, sessionMeta(session));
    },
  );

  app.delete(
    "/:id",
    {
      schema: {
        tags: ["customer"],
        summary: "Remove one of the customer's passkeys",
        params: passkeyParams,
        querystring: tokenQuery,
        response: { 200: envelopeSchema(z.object({ id: z.number() })), ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const { id } = request.params;
      if (!(await passkeys.remove(session.customerId, id)))
        throw new ApiError(404, `params.id: ${PASSKEY_NOT_FOUND}`, {
          errors: [{ path: "params.id", message: PASSKEY_NOT_FOUND }],
          ...sessionMeta(session),
        });
      return ok(reply, { id }, sessionMeta(session));
    },
  );

  app.post(
    "/login-options",
    {
      config: LOGIN_RATE_LIMIT,
      schema: {
        tags: ["customer"],
        summary: "Begin a passkey login: WebAuthn request options with a 5-minute challenge",
        body: noBody,
        response: { 200: envelopeSchema(optionsAnswer), ...errors },
      },
    },
    async (request, reply) => ok(reply, await passkeys.authenticationOptions(rp(request))),
  );

  app.post(
    "/login",
    {
      config: LOGIN_RATE_LIMIT,
      schema: {
        tags: ["customer"],
        summary: "Log in with a passkey: a token and a refresh token, as POST /login answers",
        body: authenticationBody,
        response: { 200: envelopeSchema(z.string()), ...errors },
      },
    },
    async (request, reply) => sendTokens(reply, await passkeys.authenticate(request.body.credential)),
  );
};
