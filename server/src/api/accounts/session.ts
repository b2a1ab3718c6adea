import type { FastifyRequest } from "fastify";
import { ApiError } from "../../http/envelope.ts";
import type { AccountService } from "../../services/accounts/customers.ts";
import type { Session } from "../../services/accounts/tokens.ts";

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
