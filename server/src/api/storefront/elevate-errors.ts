import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ApiError } from "../../http/envelope.ts";
import { parseJsonBody } from "../../http/json-body.ts";
import { ElevateError } from "../../providers/recommendations/service.ts";

/*
 * Elevate answers errors as `{ "message": "…" }` and the official client reads exactly that
 * (vendor-apis §3.1), so under /api/storefront/v3/ every refusal — a schema's, the shared text
 * rule's, a body parser's — keeps the status and the field-naming message of the contract's
 * envelope, in Elevate's shape (docs/decisions/0018).
 */

export function sendMessage(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).header("cache-control", "no-store").send({ message });
}

/** The official client posts JSON as `text/plain` (a CORS-simple request); only these routes read it. */
export function installTextPlainJson(app: FastifyInstance) {
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    if ((body as string).trim() === "") return done(null, undefined);
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

export function installElevateErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ElevateError || error instanceof ApiError) {
      const status = error instanceof ElevateError ? error.status : error.code;
      return sendMessage(reply, status, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "body";
      const first = error.validation[0];
      const path = [where, ...(first?.instancePath.split("/").filter(Boolean) ?? [])].join(".");
      return sendMessage(reply, 400, `${path}: ${first?.message ?? "is invalid"}`);
    }
    switch (error.code) {
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return sendMessage(reply, 413, "body: Request body is too large");
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return sendMessage(
          reply,
          415,
          `content-type: Unsupported media type ${request.headers["content-type"] ?? ""}`.trim(),
        );
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return sendMessage(reply, 400, `body: ${error.message}`);
    }
    if (error instanceof SyntaxError) return sendMessage(reply, 400, `body: ${error.message}`);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendMessage(reply, status, error.message);
    request.log.error({ err: error }, "storefront API request failed");
    return sendMessage(reply, 500, `Internal server error (request ${request.id})`);
  });
}
