import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../../http/envelope.ts";

/**
 * The admin API answers only to `Authorization: Bearer <ADMIN_TOKEN>`. Without ADMIN_TOKEN set it
 * is closed to everyone. Checked before the body is read, so a stranger cannot make us parse
 * a large upload.
 */
export function requireAdminToken(token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!expected) return deny(reply, "The admin API is off: set ADMIN_TOKEN on the server");
    const header = request.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    // Comparing digests keeps the comparison constant-time whatever the token's length.
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      return deny(reply, "authorization: a valid admin bearer token is required");
    }
  };
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function deny(reply: FastifyReply, message: string) {
  reply.header("www-authenticate", 'Bearer realm="etalage-admin"');
  return sendError(reply, 401, message);
}
