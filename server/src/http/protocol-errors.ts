import http from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./envelope.ts";

/*
 * Answers for requests Fastify cannot route: a request Node could not parse (headers too large, a
 * method it does not know, a timeout) and a URL find-my-way cannot decode. They leave as the
 * contract's envelope like every other answer (docs/decisions/0012-input-rules.md).
 */

const CLIENT_ERRORS = new Map<string | undefined, { status: number; message: string }>([
  ["HPE_HEADER_OVERFLOW", { status: 431, message: "headers: The request's headers or URL are too large" }],
  ["ERR_HTTP_REQUEST_TIMEOUT", { status: 408, message: "The request took too long to arrive" }],
  ["HPE_INVALID_METHOD", { status: 400, message: "method: Unknown HTTP method" }],
  ["HPE_INVALID_URL", { status: 400, message: "url: The request URL is malformed" }],
]);

/** Written straight to the socket: the request never became a Fastify request. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const known = CLIENT_ERRORS.get(error.code) ?? {
    status: 400,
    message: "The request could not be read as HTTP",
  };
  const body = JSON.stringify({ code: known.status, result: known.message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${http.STATUS_CODES[known.status]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        "X-Content-Type-Options: nosniff\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Connection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * Where a page path that cannot be routed gets its answer: the storefront registers a renderer of
 * its status page; without one (API tests, before the storefront is mounted), the envelope.
 */
export interface StatusPages {
  render?: (request: FastifyRequest, reply: FastifyReply, status: number) => Promise<unknown>;
}

function isApiPath(url: string): boolean {
  return /^\/(?:api|img)(?:[/?]|$)/i.test(url);
}

/** A percent-encoding find-my-way cannot decode, or a path parameter beyond its length. */
export function frameworkErrors(pages: StatusPages) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
    const status = tooLong ? 414 : 400;
    if (pages.render && !isApiPath(request.url)) return pages.render(request, reply, status);
    const message = tooLong ? "has a path segment that is too long" : "is not valid percent-encoded text";
    return sendError(reply, status, `url: ${message}`, { errors: [{ path: "url", message }] });
  };
}
