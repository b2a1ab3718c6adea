import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

/** The load context a request gets: the server's services under the storefront's own key. */
export type LoadContextFactory = (build: ServerBuild) => RouterContextProvider;

/**
 * Fastify → React Router. We send the Web Response's body as a Node stream through `reply.send`
 * rather than hijacking the socket, so Fastify's hooks (compression, logging, request ids) still
 * apply (docs/decisions/0002-ssr-adapter.md).
 */
export function createSsrHandler(
  getBuild: () => Promise<ServerBuild>,
  mode: "production" | "development",
  contextFor: LoadContextFactory,
) {
  return async function handleSsr(request: FastifyRequest, reply: FastifyReply) {
    const build = await getBuild();
    const handler = createRequestHandler(build, mode);
    const response = await handler(toWebRequest(request, reply), contextFor(build));

    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === "set-cookie") continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
  };
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}
