import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../../http/envelope.ts";

/**
 * The CMS editor API answers only to `Authorization: Bearer <CMS_EDITOR_TOKEN>`; without the
 * setting it is closed to everyone. Checked before the body is read.
 */
export function requireEditorToken(token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!expected) return deny(reply, "The CMS editor API is off: set CMS_EDITOR_TOKEN on the server");
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    // Digests have one length, so the comparison is constant-time whatever was sent.
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      return deny(reply, "authorization: a valid CMS editor bearer token is required");
    }
  };
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function deny(reply: FastifyReply, message: string) {
  reply.header("www-authenticate", 'Bearer realm="etalage-cms-editor"');
  return sendError(reply, 401, message);
}
