import { FULL_SLUG } from "@etalage/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import type { Services } from "../../services/index.ts";
import { cdaRoutes } from "./cda-route.ts";
import { previewEventsRoutes } from "./preview-events.ts";
import { storyblokWebhookRoutes } from "./storyblok-webhook.ts";
import {
  byUuidQuery,
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

  await app.register(storyblokWebhookRoutes, { services, prefix: "/webhook" });
  await app.register(cdaRoutes, { cda: services.builtinCms.cda, prefix: "/cdn" });
  await app.register(previewEventsRoutes, { services });
};

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
