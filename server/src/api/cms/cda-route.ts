import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError } from "../../http/envelope.ts";
import type { BuiltinCda } from "../../providers/cms/builtin-cda.ts";
import { NOT_FOUND } from "../../providers/cms/builtin-cda.ts";
import { parseStoriesParams, parseStoryParams } from "../../providers/cms/cda-query.ts";

/*
 * The built-in CMS's Content Delivery API v2 (contract "CMS"): Storyblok's paths, parameters,
 * answers and refusals, so storyblok-js-client reads it exactly as it reads Storyblok. Storyblok
 * answers a refusal as a JSON array of messages (`["This record could not be found"]`), an unknown
 * or malformed parameter with 422 naming it; under /cdn/ every refusal has that shape, the shared
 * text rule's and Fastify's own included (as Elevate's routes keep Elevate's; docs/decisions/0018).
 */

const anyQuery = z.record(z.string(), z.unknown());
const wildcard = z.object({ "*": z.string() });
const storyblokError = z.array(z.string());
const answer = z.looseObject({ cv: z.number().int() });
const errors = { 401: storyblokError, 404: storyblokError, 422: storyblokError };

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).header("cache-control", "no-store").send([message]);
}

/** A published read without `cv` is sent to the same read at the current cv, as Storyblok's CDN does. */
function withCv(request: FastifyRequest, cv: number): string {
  const url = new URL(request.url, "http://cda.invalid");
  url.searchParams.set("cv", String(cv));
  return url.pathname + url.search;
}

export const cdaRoutes: FastifyPluginAsyncZod<{ cda: BuiltinCda }> = async (app, { cda }) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return refuse(reply, error.code === 400 ? 422 : error.code, error.message);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return refuse(reply, status === 400 ? 422 : status, error.message);
    request.log.error({ err: error }, "content delivery request failed");
    return refuse(reply, 500, `Internal server error (request ${request.id})`);
  });
  app.setNotFoundHandler((_request, reply) => refuse(reply, 404, NOT_FOUND));
  // Paths of the API the shop does not emulate (cdn/links, cdn/datasources, …) answer as Storyblok's unknown ones.
  app.all("/*", { schema: { hide: true } }, (_request, reply) => refuse(reply, 404, NOT_FOUND));
  const tags = ["cms"];

  app.get(
    "/spaces/me",
    {
      schema: {
        tags,
        summary: "The content space and its current cache version (Storyblok's cdn/spaces/me)",
        querystring: anyQuery,
        response: { 200: z.looseObject({ space: z.looseObject({ version: z.number() }) }), ...errors },
      },
    },
    async (request, reply) => {
      const token = typeof request.query.token === "string" ? request.query.token : undefined;
      if (!cda.access(token)) return refuse(reply, 401, "Unauthorized");
      return reply.header("cache-control", "no-store").send(await cda.space());
    },
  );

  app.get(
    "/stories/*",
    {
      schema: {
        tags,
        summary:
          "A story by full slug, id or (find_by=uuid) uuid: published, or the draft or a release's version with a preview token",
        params: wildcard,
        querystring: anyQuery,
        response: { 200: answer, ...errors },
      },
    },
    async (request, reply) => {
      const key = request.params["*"].replace(/^\/+|\/+$/g, "");
      if (key === "" || key.length > 300) return refuse(reply, 404, NOT_FOUND);
      const parsed = parseStoryParams(request.query);
      if (!parsed.ok) return refuse(reply, parsed.status, parsed.message);
      const p = parsed.params;
      if (p.version === "published" && p.cv === undefined && cda.access(p.token)) {
        return reply.redirect(withCv(request, await cda.contentVersion()), 301);
      }
      const found = await cda.story(key, p);
      if (!found.ok) return refuse(reply, found.status, found.message);
      reply.header("cache-control", p.version === "draft" ? "private, no-store" : "no-cache");
      const { ok: _, ...body } = found;
      return reply.send(body as never);
    },
  );

  app.get(
    "/stories",
    {
      schema: {
        tags,
        summary:
          "Stories by every parameter of Storyblok's Content Delivery API v2 (starts_with, by_slugs, filter_query, sort_by, …), paged",
        querystring: anyQuery,
        response: { 200: answer, ...errors },
      },
    },
    async (request, reply) => {
      const parsed = parseStoriesParams(request.query);
      if (!parsed.ok) return refuse(reply, parsed.status, parsed.message);
      const p = parsed.params;
      if (p.version === "published" && p.cv === undefined && cda.access(p.token)) {
        return reply.redirect(withCv(request, await cda.contentVersion()), 301);
      }
      const found = await cda.stories(p);
      if (!found.ok) return refuse(reply, found.status, found.message);
      const { ok: _, total, ...body } = found;
      reply
        .header("cache-control", p.version === "draft" ? "private, no-store" : "no-cache")
        .header("total", String(total))
        .header("per-page", String(p.perPage));
      return reply.send(body as never);
    },
  );
};
