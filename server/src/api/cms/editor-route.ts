import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { formatImportIssue, importContent } from "../../services/cms/content-import.ts";
import { CmsError } from "../../services/cms/story-rows.ts";
import type { Services } from "../../services/index.ts";
import {
  createBody,
  createReleaseBody,
  importQuery,
  importRefused,
  listQuery,
  previewTokenBody,
  publishBody,
  releaseItemBody,
  releaseParams,
  scheduleBody,
  storyIdParams,
  updateBody,
  updateReleaseBody,
  versionParams,
} from "./editor-validators.ts";

const anything = envelopeSchema(z.unknown());
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
function schema<const T extends object = object>(summary: string, parts?: T) {
  return {
    tags: ["cms-editor"],
    summary,
    response: { 200: anything, 201: anything, ...errors },
    ...(parts as T),
  };
}

/** A business error from the CMS store as the contract's envelope. */
function refuse(reply: FastifyReply, error: CmsError) {
  const status = { not_found: 404, conflict: 409, invalid: 400 }[error.kind];
  if (error.kind !== "invalid" || error.issues.length === 0) return sendError(reply, status, error.message);
  const [first] = error.issues;
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : "";
  return sendError(reply, 400, `${first!.path}: ${first!.message}${more}`, { errors: error.issues });
}

function answer<T>(reply: FastifyReply, result: T | CmsError | undefined, what: string, code = 200) {
  if (result === undefined) return sendError(reply, 404, `${what} not found`);
  if (result instanceof CmsError) return refuse(reply, result);
  return ok(reply, result, undefined, code);
}

/**
 * The CMS editor API (base /api/ext/vsf-storyblok-extension/editor), bearer CMS_EDITOR_TOKEN:
 * stories, their versions, publishing, releases and scheduling, preview tokens, import.
 * README "Editing content" has the curl walk-through.
 */
export const cmsEditorRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { config } = services;
  const cms = services.builtinCms;
  const { store, releases } = cms;
  app.addHook(
    "onRequest",
    requireBearerToken(config.CMS_EDITOR_TOKEN, "etalage-cms-editor", "CMS_EDITOR_TOKEN"),
  );
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  // Issue 24: the space's Content Delivery API tokens, for a storefront or tool reading it as Storyblok.
  app.get(
    "/space",
    { schema: schema("The content space: its id, cache version and access tokens (public, preview)") },
    async (_req, reply) => {
      const { space } = await cms.cda.space();
      return ok(reply, { space: { ...space, tokens: cms.cda.tokens } });
    },
  );

  app.get(
    "/stories",
    { schema: schema("Every story with its state", { querystring: listQuery }) },
    async (req, reply) => ok(reply, { stories: await store.list(req.query.starts_with) }),
  );

  app.post(
    "/stories",
    { schema: schema("Create a story (draft version 1)", { body: createBody }) },
    async (req, reply) => {
      const { publish, ...input } = req.body;
      const story = await store.create(input, { publish: publish === true });
      return answer(reply, story instanceof CmsError ? story : { story }, "Story", 201);
    },
  );

  app.get(
    "/stories/:id",
    { schema: schema("A story's draft and state", { params: storyIdParams }) },
    async (req, reply) => {
      const [story, summary] = await Promise.all([store.draft(req.params.id), store.summary(req.params.id)]);
      return answer(reply, story && { story, state: summary }, `Story ${req.params.id}`);
    },
  );

  app.put(
    "/stories/:id",
    { schema: schema("Save a new draft version", { params: storyIdParams, body: updateBody }) },
    async (req, reply) => {
      const story = await store.update(req.params.id, req.body);
      return answer(reply, story instanceof CmsError ? story : { story }, "Story");
    },
  );

  app.post(
    "/stories/:id/publish",
    { schema: schema("Publish the draft, or a given version", { params: storyIdParams, body: publishBody }) },
    async (req, reply) => {
      const story = await store.publish(req.params.id, req.body?.version);
      return answer(reply, story instanceof CmsError ? story : { story }, "Story");
    },
  );

  app.post(
    "/stories/:id/unpublish",
    { schema: schema("Take a story offline", { params: storyIdParams }) },
    async (req, reply) => {
      const state = await store.unpublish(req.params.id);
      return answer(reply, state instanceof CmsError ? state : { state }, "Story");
    },
  );

  app.get(
    "/stories/:id/versions",
    { schema: schema("A story's saved versions, newest first", { params: storyIdParams }) },
    async (req, reply) => {
      const versions = await store.versions(req.params.id);
      return answer(reply, versions && { versions }, `Story ${req.params.id}`);
    },
  );

  app.get(
    "/stories/:id/versions/:version",
    { schema: schema("One saved version of a story", { params: versionParams }) },
    async (req, reply) => {
      const story = await store.atVersion(req.params.id, req.params.version);
      return answer(reply, story && { story }, `Version ${req.params.version} of story ${req.params.id}`);
    },
  );

  app.post(
    "/stories/:id/preview-token",
    {
      schema: schema("A preview token and URL for a story's draft", {
        params: storyIdParams,
        body: previewTokenBody,
      }),
    },
    async (req, reply) => {
      const { id } = req.params;
      if ((await store.summary(id)) === undefined) return sendError(reply, 404, `Story ${id} not found`);
      const { token, claims } = cms.tokens.issue(id);
      const release = req.body?.release ?? 0;
      const query = new URLSearchParams({
        id: String(id),
        spaceId: String(claims.space),
        timestamp: String(claims.iat),
        token,
        release: String(release),
      });
      return ok(reply, {
        token,
        id,
        spaceId: claims.space,
        timestamp: claims.iat,
        release: release || null,
        expires_at: new Date(claims.exp * 1000).toISOString(),
        preview_url: `${config.PUBLIC_URL}/storyblok?${query}`,
      });
    },
  );

  app.post(
    "/stories/:id/schedule",
    {
      schema: schema("Publish the draft (or a version) at a set time", {
        params: storyIdParams,
        body: scheduleBody,
      }),
    },
    async (req, reply) => {
      const { id } = req.params;
      const summary = await store.summary(id);
      if (!summary) return sendError(reply, 404, `Story ${id} not found`);
      const release = await releases.create({
        name: req.body.name ?? `${summary.full_slug} at ${req.body.publish_at.toISOString()}`,
        publish_at: req.body.publish_at,
        items: [{ story_id: id, version: req.body.version }],
      });
      return answer(reply, release instanceof CmsError ? release : { release }, "Release", 201);
    },
  );

  app.get("/releases", { schema: schema("Every release") }, async (_req, reply) =>
    ok(reply, { releases: await releases.list() }),
  );

  app.post(
    "/releases",
    { schema: schema("Create a release", { body: createReleaseBody }) },
    async (req, reply) => {
      const release = await releases.create(req.body);
      return answer(reply, release instanceof CmsError ? release : { release }, "Release", 201);
    },
  );

  app.get("/releases/:id", { schema: schema("A release", { params: releaseParams }) }, async (req, reply) => {
    const release = await releases.get(req.params.id);
    return answer(reply, release && { release }, `Release ${req.params.id}`);
  });

  app.put(
    "/releases/:id",
    {
      schema: schema("Rename, schedule or unschedule a release", {
        params: releaseParams,
        body: updateReleaseBody,
      }),
    },
    async (req, reply) => {
      const release = await releases.update(req.params.id, req.body);
      return answer(reply, release instanceof CmsError ? release : { release }, "Release");
    },
  );

  app.post(
    "/releases/:id/items",
    { schema: schema("Add a story version to a release", { params: releaseParams, body: releaseItemBody }) },
    async (req, reply) => {
      const release = await releases.add(req.params.id, req.body);
      return answer(reply, release instanceof CmsError ? release : { release }, "Release");
    },
  );

  app.post(
    "/releases/:id/publish",
    { schema: schema("Publish a release now", { params: releaseParams }) },
    async (req, reply) => {
      const release = await releases.publish(req.params.id);
      return answer(reply, release instanceof CmsError ? release : { release }, "Release");
    },
  );

  app.delete(
    "/releases/:id",
    { schema: schema("Delete an unpublished release", { params: releaseParams }) },
    async (req, reply) => {
      const removed = await releases.remove(req.params.id);
      return answer(reply, removed instanceof CmsError ? removed : { deleted: req.params.id }, "Release");
    },
  );

  app.post(
    "/import",
    {
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        ...schema("Import stories ({ stories: [...] }); all or nothing", { querystring: importQuery }),
        body: z.unknown(),
        response: { 200: anything, 400: importRefused, 401: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const dryRun = req.query.dryRun === true;
      const outcome = await importContent(store, [{ data: req.body }], { dryRun, prefix: "body" });
      if (!outcome.ok) {
        const [first] = outcome.issues;
        const more = outcome.issues.length > 1 ? ` (and ${outcome.issues.length - 1} more)` : "";
        return sendError(reply, 400, `${formatImportIssue(first!)}${more}; nothing was written`, {
          errors: outcome.issues,
        });
      }
      return ok(reply, { summary: outcome.summary, dryRun });
    },
  );
};
