import { type CmsStory, FULL_SLUG } from "@etalage/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import type { Services } from "../../services/index.ts";
import { previewEventsRoutes } from "./preview-events.ts";
import {
  byUuidQuery,
  cdnListQuery,
  cdnQuery,
  cdnStoriesResult,
  cdnStoryResult,
  storiesResult,
  storyResult,
  validateEditorQuery,
  validateEditorResult,
} from "./validators.ts";

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const wildcard = z.object({ "*": z.string() });
const DRAFT_CACHE = "private, no-store";

/**
 * The CMS extension (contract "CMS", base /api/ext/vsf-storyblok-extension; browsing §6, §7):
 * published stories for everyone; drafts only with a preview token for that story.
 */
export const cmsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { cms } = services;

  app.get(
    "/story/*",
    {
      schema: {
        tags: ["cms"],
        summary: "The published story at a full slug",
        params: wildcard,
        response: { 200: envelopeSchema(storyResult), ...errors },
      },
    },
    async (request, reply) => {
      const slug = fullSlugParam(request.params["*"], "params.fullSlug");
      const story = await cms.story(slug);
      if (!story) return sendError(reply, 404, `No published story at ${slug}`);
      return ok(reply, { story });
    },
  );

  for (const path of ["/validate-editor/", "/validate-editor"]) {
    app.get(
      path,
      {
        schema: {
          tags: ["cms"],
          summary: "Check a preview URL's id, spaceId, timestamp and token (the visual editor's call)",
          hide: path === "/validate-editor",
          querystring: validateEditorQuery,
          response: { 200: envelopeSchema(validateEditorResult), ...errors },
        },
      },
      async (request, reply) => {
        const { id, spaceId, timestamp, token, release } = request.query;
        reply.header("cache-control", DRAFT_CACHE);
        const checked = cms.validatePreview({ id, spaceId, timestamp, token: token ?? "" });
        if (!checked.ok) return unauthorized(reply, checked.message);
        return ok(reply, {
          previewToken: token ?? "",
          id,
          spaceId,
          release: release || null,
          expires_at: checked.expiresAt.toISOString(),
        });
      },
    );
  }

  app.get(
    "/get-by-uuid",
    {
      schema: {
        tags: ["cms"],
        summary: "Published stories by uuid (a comma list)",
        querystring: byUuidQuery,
        response: { 200: envelopeSchema(storiesResult), ...errors },
      },
    },
    async (request, reply) => ok(reply, { stories: await cms.storiesByUuid(request.query.uuid) }),
  );

  app.get(
    "/cdn/stories/*",
    {
      schema: {
        tags: ["cms"],
        summary:
          "A story by id or full slug: published, or the draft (or a release's version) with a preview token",
        params: wildcard,
        querystring: cdnQuery,
        response: { 200: cdnStoryResult, ...errors },
      },
    },
    async (request, reply) => {
      const key = request.params["*"].replace(/^\/+|\/+$/g, "");
      if (!/^\d{1,9}$/.test(key)) fullSlugParam(key, "params.id");
      const { version, token, from_release } = request.query;
      if (version === "draft") reply.header("cache-control", DRAFT_CACHE);
      const answer = await cms.cdnStory(key, { version, token, releaseId: from_release || undefined });
      // Storyblok's Content Delivery API v2 shape, so storyblok-js-client reads it (contract "CMS").
      if (answer.ok) return reply.send(storyblokAnswer({ story: answer.story }));
      if (answer.status === 401) return unauthorized(reply, answer.message);
      return sendError(reply, answer.status, answer.message);
    },
  );

  app.get(
    "/cdn/stories",
    {
      schema: {
        tags: ["cms"],
        summary:
          "Published stories whose full slug starts with starts_with, or the draft a preview token opens (Storyblok's shape)",
        querystring: cdnListQuery,
        response: { 200: cdnStoriesResult, ...errors },
      },
    },
    async (request, reply) => {
      const { version, token, starts_with, per_page, page } = request.query;
      if (version === "draft") reply.header("cache-control", DRAFT_CACHE);
      const prefix = starts_with.replace(/^\/+/, "");
      const answer = await cms.cdnStories({ startsWith: prefix, version, token, perPage: per_page, page });
      if (!answer.ok) return unauthorized(reply, answer.message);
      reply.header("total", String(answer.total)).header("per-page", String(per_page));
      return reply.send(storyblokAnswer({ stories: answer.stories }));
    },
  );

  await app.register(previewEventsRoutes, { services });
};

/**
 * A Content Delivery API v2 answer: the stories with Storyblok's `cv` (a number that changes when
 * content may have; seconds are enough for a client's cache key) and its relations and links,
 * which the shop's stories do not use. Typed loosely: the response schema checks it on the way out.
 */
function storyblokAnswer(payload: { story: CmsStory } | { stories: CmsStory[] }): never {
  return { ...payload, cv: Math.floor(Date.now() / 1000), rels: [], links: [] } as never;
}

function fullSlugParam(raw: string, path: string): string {
  const slug = raw.replace(/^\/+|\/+$/g, "");
  if (FULL_SLUG.test(slug) && slug.length <= 300) return slug;
  const message = slug === "" ? "must not be empty" : "must be a full slug of lower-case path segments";
  throw new ApiError(400, `${path}: ${message}`, { errors: [{ path, message }] });
}

function unauthorized(reply: Parameters<typeof sendError>[0], message: string) {
  reply.header("www-authenticate", 'Bearer realm="etalage-cms-preview"');
  return sendError(reply, 401, message);
}
