import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { ApiError, errorEnvelopeSchema } from "../../http/envelope.ts";
import { brotliAnswer, catalogAnswer, isCmsEntityType } from "../../services/catalog-search.ts";
import type { Services } from "../../services/index.ts";
import {
  type SearchBody,
  searchBody,
  searchGetQuery,
  searchParams,
  searchQuery,
  searchResponse,
} from "./validators.ts";

type Query = z.output<typeof searchGetQuery>;

/** Answers smaller than this go uncompressed, as @fastify/compress's threshold (server/src/app.ts). */
const COMPRESS_THRESHOLD = 1024;
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * `POST|GET /api/catalog/{index}/{entityType}/_search` (contract "Catalogue"). The one endpoint
 * whose answer is not wrapped in the envelope; its errors still are.
 *
 * The handler sends the answer as encoded bytes (catalogAnswer: cached per request, documents
 * encoded once), so the response schema below describes the answer for OpenAPI but is not run
 * over it: the server built it and the tests check its shape.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    params: { index: string; entityType: string },
    query: Query,
    body: SearchBody,
    bodyPath: string,
  ): Promise<FastifyReply> => {
    const { answer, key } = catalogAnswer(services.catalog, {
      index: params.index,
      entityType: params.entityType,
      body,
      from: query.from,
      size: query.size,
      sourceInclude: [...(query._source_include ?? []), ...(query._source_includes ?? [])],
      sourceExclude: [...(query._source_exclude ?? []), ...(query._source_excludes ?? [])],
      bodyPath,
      // CMS pages and blocks are the CMS port's published stories, not part of the index.
      docs: isCmsEntityType(params.entityType) ? await services.cms.entityDocs(params.entityType) : undefined,
    });
    reply.type(JSON_TYPE);
    // Brotli here rather than in @fastify/compress, so a cached answer is compressed once; gzip
    // and identity are left to the plugin, which passes an answer already encoded through.
    if (answer.body.length >= COMPRESS_THRESHOLD && prefersBrotli(request)) {
      reply.header("content-encoding", "br").header("vary", "accept-encoding");
      return reply.send(brotliAnswer(services.catalog, answer, key));
    }
    return reply.send(answer.body);
  };
  const responses = { 200: searchResponse, 400: errorEnvelopeSchema };

  app.post(
    "/catalog/:index/:entityType/_search",
    {
      schema: {
        tags: ["catalog"],
        summary: "Search products, categories, attributes, tax rules, redirects or landing pages",
        params: searchParams,
        querystring: searchQuery,
        body: searchBody.optional(),
        response: responses,
      },
    },
    async (request, reply) =>
      answer(request, reply, request.params, request.query, request.body ?? {}, "body"),
  );

  app.get(
    "/catalog/:index/:entityType/_search",
    {
      schema: {
        tags: ["catalog"],
        summary: "The same search with the body as ?request=<url-encoded JSON>",
        params: searchParams,
        querystring: searchGetQuery,
        response: responses,
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        request.params,
        request.query,
        parseRequest(request.query.request),
        "querystring.request",
      ),
  );
};

/** The client's choice between br and gzip as @fastify/compress makes it (`*` and x-gzip count as gzip). */
function prefersBrotli(request: FastifyRequest): boolean {
  const header = request.headers["accept-encoding"];
  if (typeof header !== "string" || request.headers["x-no-compression"] !== undefined) return false;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, "gzip"), ["br", "gzip"]) === "br";
}

function parseRequest(text: string | undefined): SearchBody {
  if (text === undefined || text.trim() === "") return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalid("querystring.request", `is not JSON: ${(error as Error).message}`);
  }
  const parsed = searchBody.safeParse(json);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({
    path: pathText(["querystring", "request", ...i.path]),
    message: i.message,
  }));
  throw new ApiError(400, `${errors[0]!.path}: ${errors[0]!.message}`, { errors });
}

function invalid(path: string, message: string) {
  return new ApiError(400, `${path}: ${message}`, { errors: [{ path, message }] });
}

function pathText(parts: readonly PropertyKey[]): string {
  return parts.reduce<string>((text, part) => {
    if (typeof part === "number") return `${text}[${part}]`;
    return text ? `${text}.${String(part)}` : String(part);
  }, "");
}
