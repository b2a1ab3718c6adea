import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./envelope.ts";

/** One answer for every refusal: a stranger learns neither whether the API is configured nor why. */
const BEARER_REFUSED = "authorization: a valid bearer token is required";

/**
 * An onRequest hook that lets through only `Authorization: Bearer <token>`, for the operator's APIs
 * (admin, CMS editor). Without a token configured the API is closed to everyone; the server's log,
 * not the answer, says so. Checked before the body is read, so a stranger cannot make us parse a
 * large upload.
 */
export function requireBearerToken(token: string | undefined, realm: string, setting: string) {
  const expected = token ? digest(token) : undefined;
  let warned = false;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    // Digests have one length, so the comparison is constant-time whatever was sent.
    if (expected && match?.[1] && timingSafeEqual(digest(match[1]), expected)) return;
    if (!expected && !warned) {
      warned = true;
      request.log.warn(`${realm} was called and is off: set ${setting} to open it`);
    }
    reply.header("www-authenticate", `Bearer realm="${realm}"`);
    return sendError(reply, 401, BEARER_REFUSED);
  };
}

/** Whether the request carries `Authorization: Bearer <token>` (constant-time; never without a token). */
export function hasBearerToken(request: FastifyRequest, token: string | undefined): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  return Boolean(token && match?.[1] && timingSafeEqual(digest(match[1]), digest(token)));
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
