import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { formBody } from "./form-body.ts";
import { requestPath } from "./page-origin.ts";

/** A page rendered in place of the one asked for, with the status of why. */
export interface StatusPage {
  path: string;
  status: number;
}

/** The load context a request gets: the server's services under the storefront's own key. */
export type LoadContextFactory = (
  build: ServerBuild,
  origin: string,
  request: FastifyRequest,
) => RouterContextProvider;

type RequestHandler = ReturnType<typeof createRequestHandler>;

/**
 * Fastify → React Router. We send the Web Response's body through `reply.send` rather than
 * hijacking the socket, so Fastify's hooks (compression, logging, request ids) still apply
 * (docs/decisions/0002-ssr-adapter.md). A document rendered whole (it carries Content-Length,
 * see storefront/app/entry.server.tsx) goes out as one Buffer, which @fastify/compress
 * compresses in one call; a streamed one as a Node stream (docs/decisions/0007).
 */
export function createSsrHandler(
  getBuild: () => Promise<ServerBuild>,
  mode: "production" | "development",
  contextFor: LoadContextFactory,
  /** The origin each page is rendered for (ssr/page-origin.ts): PUBLIC_URL's, or the host's when it is unset. */
  originOf: (request: FastifyRequest) => string,
) {
  // One React Router handler per build: creating it derives the route table and static handler,
  // which cost as much as a small page when done per request. Dev builds change on every edit.
  const handlers = new WeakMap<ServerBuild, RequestHandler>();
  const handlerFor = (build: ServerBuild) => {
    let handler = handlers.get(build);
    if (!handler) {
      handler = createRequestHandler(build, mode);
      handlers.set(build, handler);
    }
    return handler;
  };

  /** Renders the page at the request's URL, or `statusPage` instead (an error page for a 4xx). */
  return async function handleSsr(request: FastifyRequest, reply: FastifyReply, statusPage?: StatusPage) {
    const build = await getBuild();
    const origin = originOf(request);
    const webRequest = toWebRequest(request, reply, origin, statusPage?.path);
    const response = await handlerFor(build)(webRequest, contextFor(build, origin, request));

    reply.status(statusPage?.status ?? response.status);
    const whole = response.headers.has("content-length");
    for (const [name, value] of response.headers) {
      // Fastify sets the length of what it actually sends (compressed or not).
      if (name === "set-cookie" || name === "content-length") continue;
      reply.header(name, value);
    }
    if (statusPage) reply.header("cache-control", "no-store");
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    if (!response.body) return reply.send();
    if (whole) return reply.send(Buffer.from(await response.arrayBuffer()));
    return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
  };
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, origin: string, path?: string): Request {
  const url = `${origin}${path ?? requestPath(request.url)}`;
  const headers = new Headers();
  const raw = request.raw.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const controller = new AbortController();
  // Only a shopper who left before the answer aborts: an abort builds a DOMException with its
  // stack, which on every finished response was ≈ 2 % of a page's request thread.
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  // A status page is a GET of its own; a form post's fields were read and checked by the server
  // (ssr/form-body.ts) and are handed on as they were checked.
  const method = path ? "GET" : request.method;
  const body = method !== "GET" && method !== "HEAD" ? formBody(request.body) : undefined;
  if (path) headers.delete("content-type");
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(body !== undefined ? { body } : {}),
  });
}
