import { STAFF_PERMISSIONS, STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS } from "@etalage/core";
import rateLimit from "@fastify/rate-limit";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import {
  clearedStaffCookie,
  requireStaff,
  sameOrigin,
  staffCookie,
  staffToken,
} from "../../http/require-staff.ts";
import type { Services } from "../../services/index.ts";
import { csrfTokenOf, type StaffMember } from "../../services/staff/sessions.ts";
import { relyingParty } from "../accounts/relying-party.ts";
import { customerRateLimitOptions, LOGIN_RATE_LIMIT } from "../accounts/session.ts";
import {
  acceptBody,
  codeBody,
  invitationAnswer,
  invitationQuery,
  loginAnswer,
  loginBody,
  passkeyLoginBody,
  sessionAnswer,
} from "./validators.ts";

export const BEHEER_BASE = "/beheer";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/**
 * The back office's sign-in (issue 25, docs/decisions/0043) under `/api/beheer`: invitation,
 * password then TOTP or a passkey, the session behind the `etalage_staff` cookie, and logout. The routes other
 * back-office work adds use `requireStaff` (http/require-staff.ts).
 */
export const beheerSessionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { staff, config } = services;
  await app.register(rateLimit, customerRateLimitOptions(config));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  // A login from another site's page would sign the browser in as someone else (login CSRF).
  const sameOriginOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!sameOrigin(request, config.PUBLIC_URL))
      return sendError(reply, 403, "headers.origin: not this shop");
  };
  const withRetryAfter = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiError && error.code === 429)
        reply.header("retry-after", String(error.meta?.retryAfter ?? 900));
      throw error;
    }
  };
  const sessionOf = (member: StaffMember, token: string, expiresAt: number) => ({
    staff: { email: member.email, role: member.role, totp: member.totp },
    csrf_token: csrfTokenOf(token),
    expires_at: new Date(expiresAt).toISOString(),
    permissions: [...STAFF_PERMISSIONS[member.role]],
    refund_limit_eur: Number.isFinite(staff.refundLimit(member.role)) ? staff.refundLimit(member.role) : null,
  });
  const signedIn = (reply: FastifyReply, member: StaffMember, token: string) => {
    reply.header("set-cookie", staffCookie(token, config.PUBLIC_URL, STAFF_SESSION_ABSOLUTE_MS / 1000));
    return ok(reply, {
      step: "done" as const,
      ...sessionOf(member, token, Date.now() + STAFF_SESSION_IDLE_MS),
    });
  };

  app.post(
    "/login",
    {
      config: LOGIN_RATE_LIMIT,
      onRequest: sameOriginOnly,
      schema: {
        tags: ["beheer"],
        summary: "Staff login, first step: email and password; a session, or the second factor's challenge",
        body: loginBody,
        response: { 200: envelopeSchema(loginAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await withRetryAfter(reply, () =>
        staff.sessions.login(request.body.email, request.body.password, request.ip, () =>
          relyingParty(config, request),
        ),
      );
      if (outcome.step === "second_factor") {
        const { challenge, totp, passkey } = outcome;
        return ok(reply, { step: "second_factor" as const, challenge, totp, passkey });
      }
      return signedIn(reply, outcome.staff, outcome.token);
    },
  );

  app.post(
    "/login/totp",
    {
      config: LOGIN_RATE_LIMIT,
      onRequest: sameOriginOnly,
      schema: {
        tags: ["beheer"],
        summary: "Staff login, second step: the code of the authenticator app",
        body: codeBody,
        response: { 200: envelopeSchema(loginAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const done = await staff.sessions.verifyCode(request.body.challenge, request.body.code, request.ip);
      return signedIn(reply, done.staff, done.token);
    },
  );

  app.post(
    "/login/passkey",
    {
      config: LOGIN_RATE_LIMIT,
      onRequest: sameOriginOnly,
      schema: {
        tags: ["beheer"],
        summary: "Staff login, second step: one of the member's passkeys signs the challenge",
        body: passkeyLoginBody,
        response: { 200: envelopeSchema(loginAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const done = await staff.sessions.verifyPasskey(
        request.body.challenge,
        request.body.credential,
        request.ip,
      );
      return signedIn(reply, done.staff, done.token);
    },
  );

  app.get(
    "/session",
    {
      onRequest: requireStaff(services),
      schema: {
        tags: ["beheer"],
        summary: "Who is signed in, their permissions and the session's CSRF token",
        response: { 200: envelopeSchema(sessionAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const session = request.staff!;
      return ok(reply, sessionOf(session.staff, staffToken(request)!, session.expiresAt));
    },
  );

  app.post(
    "/logout",
    {
      onRequest: requireStaff(services),
      schema: {
        tags: ["beheer"],
        summary: "End the staff session",
        body: z.strictObject({}).optional(),
        response: { 200: envelopeSchema(z.null()), ...errors },
      },
    },
    async (request, reply) => {
      await staff.sessions.logout(request.staff!, request.ip);
      reply.header("set-cookie", clearedStaffCookie(config.PUBLIC_URL));
      return ok(reply, null);
    },
  );

  app.get(
    "/invitation",
    {
      config: { rateLimit: { max: 60, timeWindow: "15 minutes" } },
      schema: {
        tags: ["beheer"],
        summary: "An invitation: who is invited and the TOTP secret to enrol",
        querystring: invitationQuery,
        response: { 200: envelopeSchema(invitationAnswer), ...errors },
      },
    },
    async (request, reply) => ok(reply, await staff.accounts.invitation(request.query.token)),
  );

  app.post(
    "/invitation",
    {
      config: { rateLimit: { max: 30, timeWindow: "15 minutes" } },
      onRequest: sameOriginOnly,
      schema: {
        tags: ["beheer"],
        summary: "Use an invitation: set the password and enrol TOTP",
        body: acceptBody,
        response: { 200: envelopeSchema(z.null()), ...errors },
      },
    },
    async (request, reply) => {
      const { token, password, totp_code } = request.body;
      await staff.accounts.acceptInvitation(token, password, totp_code, request.ip);
      return ok(reply, null);
    },
  );
};
