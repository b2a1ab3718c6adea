import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";

export interface FieldError {
  path: string;
  message: string;
}

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({ code: z.number().int(), result, meta: z.record(z.string(), z.unknown()).optional() });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  result: z.string(),
  meta: z
    .object({ errors: z.array(z.object({ path: z.string(), message: z.string() })).optional() })
    .catchall(z.unknown())
    .optional(),
});

export function ok<T>(reply: FastifyReply, result: T, meta?: Record<string, unknown>, code = 200) {
  return reply.code(code).send(meta ? { code, result, meta } : { code, result });
}

/** A business error the route maps to the envelope; exceptions are for bugs and outages. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly meta?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function sendError(
  reply: FastifyReply,
  code: number,
  message: string,
  meta?: Record<string, unknown>,
) {
  return reply.code(code).send(meta ? { code, result: message, meta } : { code, result: message });
}

function pathText(parts: readonly PropertyKey[]): string {
  return parts.reduce<string>((text, part) => {
    if (typeof part === "number") return `${text}[${part}]`;
    return text ? `${text}.${String(part)}` : String(part);
  }, "");
}

/** Every error leaves /api as an envelope: a 400 that names the field, never a stack trace. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return sendError(reply, error.code, error.message, error.meta);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "body";
      const errors: FieldError[] = error.validation.map((v) => {
        const parts = v.instancePath
          .split("/")
          .filter(Boolean)
          .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        return { path: pathText([where, ...parts]), message: v.message ?? "is invalid" };
      });
      const first = errors[0];
      return sendError(reply, 400, first ? `${first.path}: ${first.message}` : "Invalid request", { errors });
    }

    switch (error.code) {
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return sendError(reply, 400, `body: ${error.message}`, {
          errors: [{ path: "body", message: error.message }],
        });
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return sendError(reply, 413, "body: Request body is too large");
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return sendError(
          reply,
          415,
          `content-type: Unsupported media type ${request.headers["content-type"] ?? ""}`.trim(),
        );
    }
    if (error instanceof SyntaxError) {
      return sendError(reply, 400, `body: ${error.message}`, {
        errors: [{ path: "body", message: error.message }],
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.message);

    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, `Internal server error (request ${request.id})`);
  });
}
