import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { ApiError, ok } from "../../http/envelope.ts";
import { rateLimitOptions } from "../../http/rate-limits.ts";
import type { AccountService } from "../../services/accounts/customers.ts";
import type { Session, TokenPair } from "../../services/accounts/tokens.ts";

export const TOKEN_REFUSED = "the token is invalid or has expired";

/**
 * The customer a request speaks for: a token as `Authorization: Bearer` or `?token=` (contract
 * "Conventions"); none, or one refused, is a 401 naming where the token was looked for.
 */
export async function customerSession(accounts: AccountService, request: FastifyRequest): Promise<Session> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  const token = bearer ?? (request.query as { token?: string } | undefined)?.token;
  const path = bearer ? "headers.authorization" : "querystring.token";
  const session = token ? await accounts.verify(token) : null;
  if (!session)
    throw new ApiError(401, `${path}: ${TOKEN_REFUSED}`, { errors: [{ path, message: TOKEN_REFUSED }] });
  return session;
}

/** Every authenticated answer's `meta`. */
export const sessionMeta = (session: Session) => ({ session_expires: session.sessionExpires });

const TOO_MANY_ATTEMPTS = "Too many attempts. Try again in a few minutes.";

/** @fastify/rate-limit for the customer API: its 429 is the envelope, with `meta.retryAfter`. */
export function customerRateLimitOptions(config: Config) {
  return rateLimitOptions(config, {
    // Thrown by the plugin: an ApiError, so the error handler answers the envelope (a plain
    // object has no message, and its answer failed the response schema with a 500).
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, TOO_MANY_ATTEMPTS, { retryAfter: Math.ceil(context.ttl / 1000) }),
  });
}

/**
 * The contract's login limit, per address: 50 per 15 minutes (the per-email 10 failures of the
 * password login are counted by the service, in the database). Passkey logins share it.
 */
export const LOGIN_RATE_LIMIT = { rateLimit: { max: 50, timeWindow: "15 minutes" } };

/** A login's answer (contract: `POST /login`): the token, `meta.refreshToken` and `meta.session_expires`. */
export const sendTokens = (reply: FastifyReply, pair: TokenPair) =>
  ok(reply, pair.token, { refreshToken: pair.refreshToken, session_expires: pair.sessionExpires });
