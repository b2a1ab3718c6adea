import type { FastifyReply, FastifyRequest } from "fastify";
import { ok, sendError } from "../../http/envelope.ts";
import { type CartFailure, type CartResult, fail, success } from "../../services/cart/errors.ts";
import type { CartCaller } from "../../services/cart/index.ts";
import type { WriteAnswer } from "../../services/cart/write.ts";
import type { Services } from "../../services/index.ts";

/**
 * The caller of a cart endpoint: a guest without a token; with one (bearer header or `?token=`,
 * contract "Conventions"), the customer the accounts module says it belongs to, else 401.
 */
export async function callerOf(request: FastifyRequest, services: Services): Promise<CartResult<CartCaller>> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  const query = (request.query ?? {}) as { token?: string };
  const token = bearer ?? query.token;
  const path = bearer ? "headers.authorization" : "querystring.token";
  if (!token) return success({ kind: "guest" });
  const verifier = services.customerTokens;
  if (!verifier) return fail(401, "customer tokens are not accepted yet", path);
  const customer = await verifier.verify(token);
  if (!customer) return fail(401, "the token is invalid or has expired", path);
  return success({ kind: "customer", ...customer });
}

/** `meta.session_expires` comes with every authenticated answer (contract "Conventions"). */
function metaFor(caller: CartCaller): Record<string, unknown> | undefined {
  return caller.kind === "customer" && caller.sessionExpires !== undefined
    ? { session_expires: caller.sessionExpires }
    : undefined;
}

/** A business error as the envelope: `<field path>: <message>` and `meta.errors`. */
export function sendFailure(reply: FastifyReply, failure: CartFailure, meta?: Record<string, unknown>) {
  const message = failure.path ? `${failure.path}: ${failure.message}` : failure.message;
  const all: Record<string, unknown> = {
    ...(failure.path ? { errors: [{ path: failure.path, message: failure.message }] } : {}),
    ...failure.meta,
    ...meta,
  };
  return sendError(reply, failure.code, message, Object.keys(all).length > 0 ? all : undefined);
}

export function sendResult<T>(reply: FastifyReply, result: CartResult<T>, caller: CartCaller) {
  if (!result.ok) return sendFailure(reply, result, metaFor(caller));
  return ok(reply, result.value, metaFor(caller));
}

/** A write's answer: fresh or replayed (then marked `idempotent-replayed: true`). */
export function sendWrite(reply: FastifyReply, result: CartResult<WriteAnswer>, caller: CartCaller) {
  if (!result.ok) return sendFailure(reply, result, metaFor(caller));
  const { code, body, replayed } = result.value;
  if (replayed) reply.header("idempotent-replayed", "true");
  const meta = metaFor(caller);
  return reply.code(code).send(meta ? { ...(body as object), meta } : body);
}
