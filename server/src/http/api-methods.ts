import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import FindMyWay, { type HTTPMethod } from "find-my-way";
import { sendError } from "./envelope.ts";

/*
 * What `/api` answers when no route takes the request: 405 with `Allow` when the path exists for
 * other methods, 404 when it does not, and OPTIONS (a CORS preflight or a client asking) answered
 * explicitly. The CORS policy is docs/decisions/0012-input-rules.md: same origin only, unless the
 * operator lists trusted origins in CORS_ORIGINS.
 */

const PREFLIGHT_MAX_AGE_SECONDS = 600;
/** What a trusted origin's script may send beyond the CORS-safelisted headers. */
const ALLOWED_HEADERS = "authorization, content-type, idempotency-key, x-request-id";

export class ApiMethods {
  /** Every /api route but the catch-all, to find which methods a concrete path has. */
  private readonly router = FindMyWay({ ignoreTrailingSlash: false, maxParamLength: 500 });
  private readonly origins: ReadonlySet<string>;

  constructor(corsOrigins: readonly string[]) {
    this.origins = new Set(corsOrigins);
  }

  /** Records the routes registered under `prefix` from now on (call before registering them). */
  track(app: FastifyInstance, prefix: string) {
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith(prefix) || route.url === `${prefix}/*`) return;
      const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethod[];
      for (const method of methods) {
        if (!this.router.hasRoute(method, route.url)) this.router.on(method, route.url, () => {});
      }
    });
  }

  /** The methods `path` answers, in a stable order (HEAD goes with GET, OPTIONS always). */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const) {
      if (this.router.find(method, path)) methods.add(method);
    }
    if (methods.size > 0) methods.add("OPTIONS");
    return [...methods];
  }

  /** CORS headers for an answer to `origin`, when the operator trusts it. */
  corsHeaders(origin: string | undefined): Record<string, string> | undefined {
    if (!origin || !this.origins.has(origin)) return undefined;
    return { "access-control-allow-origin": origin, vary: "Origin" };
  }

  /** Adds the CORS headers to every /api answer to a trusted origin. */
  installCors(app: FastifyInstance) {
    if (this.origins.size === 0) return;
    app.addHook("onRequest", async (request, reply) => {
      const headers = this.corsHeaders(request.headers.origin);
      if (headers) reply.headers(headers);
    });
  }

  /** The handler of `/api/*`: whatever no route matched. */
  fallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?", 1)[0]!;
    const allowed = this.allowed(path);
    if (allowed.length === 0) return sendError(reply, 404, `No API route for ${request.method} ${path}`);
    reply.header("allow", allowed.join(", "));
    if (request.method === "OPTIONS") return this.options(request, reply, allowed);
    return sendError(reply, 405, `method: ${path} answers ${allowed.join(", ")}, not ${request.method}`);
  };

  private options(request: FastifyRequest, reply: FastifyReply, allowed: string[]) {
    const origin = request.headers.origin;
    const asked = request.headers["access-control-request-method"];
    if (origin && asked !== undefined) {
      if (!this.corsHeaders(origin)) {
        return sendError(reply, 403, `origin: ${origin} may not call this API from a browser`);
      }
      reply.headers({
        "access-control-allow-methods": allowed.join(", "),
        "access-control-allow-headers": ALLOWED_HEADERS,
        "access-control-max-age": String(PREFLIGHT_MAX_AGE_SECONDS),
      });
    }
    return reply.code(200).send({ code: 200, result: { methods: allowed } });
  }
}
