import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";

/**
 * The origin a page is rendered for (issue 23). React Router refuses a form post or a data
 * request whose browser Origin is not the origin of the request URL it is handed, so a page must
 * be rendered for the host it was served on, or the shopper must be sent to the one it is
 * rendered for before they get that far:
 * - PUBLIC_URL set: every page is the canonical origin's; a GET or HEAD on another host gets a 301
 *   to the same path there (any other method a 308, which keeps the method and its body).
 * - PUBLIC_URL unset: the shop serves any host as itself (a laptop, 127.0.0.1, a LAN address),
 *   and the canonical links name that host; the HTML cache keys pages by it.
 */
export interface PageOrigins {
  /** The origin of the page a request asks for. */
  of(request: FastifyRequest): string;
  /** Only when PUBLIC_URL is unset: pages of different hosts differ (their canonical links). */
  readonly perHost: boolean;
}

/** A Host header that is a hostname or an IP literal with an optional port: nothing else names a page. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export function pageOrigins(config: Pick<Config, "PUBLIC_URL" | "publicUrlDefaulted">): PageOrigins {
  const canonical = new URL(config.PUBLIC_URL).origin;
  if (!config.publicUrlDefaulted) return { of: () => canonical, perHost: false };
  let warned = false;
  return {
    perHost: true,
    of(request) {
      const host = request.host?.toLowerCase();
      if (!host || !HOST.test(host)) return canonical;
      // A TLS proxy in front says so (the browser's Origin is then https); the page key holds the
      // scheme, so a forged header only ever names a page no plain-http shopper is served.
      const forwarded = request.headers["x-forwarded-proto"];
      const https = request.protocol === "https" || forwarded === "https";
      // A TLS proxy in front and no PUBLIC_URL: pages work, but mail and payment links say
      // localhost. Only a request shows the proxy, so this is said then, not at start (README).
      if (forwarded === "https" && !warned) {
        warned = true;
        request.log.error(
          { host },
          `PUBLIC_URL is not set behind an https proxy: set PUBLIC_URL=https://${host} so mail, payment returns and sitemaps name this shop`,
        );
      }
      return `${https ? "https" : "http"}://${host}`;
    },
  };
}

/** With PUBLIC_URL set, a page asked for on another host is answered with a redirect to the canonical origin. */
export function redirectToCanonicalHost(
  ssr: FastifyInstance,
  config: Pick<Config, "PUBLIC_URL" | "publicUrlDefaulted">,
) {
  if (config.publicUrlDefaulted) return;
  const canonical = new URL(config.PUBLIC_URL);
  // The proxy in front of the shop terminates TLS and sends http here: only the host is compared.
  const canonicalHost = canonical.host.toLowerCase();
  ssr.addHook("onRequest", async (request, reply) => {
    if ((request.host ?? "").toLowerCase() === canonicalHost) return;
    const status = request.method === "GET" || request.method === "HEAD" ? 301 : 308;
    return reply.redirect(`${canonical.origin}${requestPath(request.url)}`, status);
  });
}

/**
 * The path and query of a request target: an absolute-form target (`GET http://host/path`,
 * which RFC 9112 §3.2.2 requires a server to accept) gives its path, never its host.
 */
export function requestPath(target: string): string {
  if (target.startsWith("/")) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return "/";
  }
}
