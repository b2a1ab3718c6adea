import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { parseJsonBody } from "../../http/json-body.ts";
import { line } from "../../http/schemas.ts";
import { notifyCms } from "../../services/cms/cms-events.ts";
import type { Services } from "../../services/index.ts";

/**
 * Storyblok's webhook (issue 24 item 4; README "Going live"): a story published, unpublished,
 * deleted or moved. Its `webhook-signature` header is the HMAC-SHA1 (hex) of the raw body with
 * the webhook secret; with STORYBLOK_WEBHOOK_SECRET set, nothing else is taken. The notice
 * becomes the CMS's change event on every instance (pg_notify): the published stories and the
 * HTML pages showing the story are dropped, and each instance reads Storyblok's new cache version.
 */

export function storyblokSignature(secret: string, rawBody: string): string {
  return createHmac("sha1", secret).update(rawBody).digest("hex");
}

const STORY_ACTIONS = ["published", "unpublished", "deleted", "moved"] as const;

const webhookBody = z.looseObject({
  text: z.string().max(2000).optional(),
  action: line(64),
  space_id: z.number().int().optional(),
  story_id: z.number().int().optional(),
  full_slug: z.string().max(300).optional(),
});

export const storyblokWebhookRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const secret = services.config.STORYBLOK_WEBHOOK_SECRET;
  // The signature is over the bytes Storyblok sent: keep them beside the parsed body.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    (request as { rawBody?: string }).rawBody = body as string;
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.post(
    "/",
    {
      schema: {
        tags: ["cms"],
        summary:
          "Storyblok's story webhook (published, unpublished, deleted, moved), signed with the webhook secret",
        body: webhookBody,
        headers: z.looseObject({ "webhook-signature": line(128).optional() }),
        response: {
          200: envelopeSchema(z.object({ accepted: z.boolean() })),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      if (services.cms.kind !== "storyblok")
        return sendError(reply, 404, "This shop reads the built-in CMS; Storyblok's webhook is not in use");
      if (secret) {
        const given = Buffer.from(request.headers["webhook-signature"] ?? "");
        const expected = Buffer.from(
          storyblokSignature(secret, (request as { rawBody?: string }).rawBody ?? ""),
        );
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new ApiError(
            401,
            "headers.webhook-signature: does not match the body signed with STORYBLOK_WEBHOOK_SECRET",
          );
      }
      const { action, story_id, full_slug } = request.body;
      if (!STORY_ACTIONS.includes(action as (typeof STORY_ACTIONS)[number]))
        return ok(reply, { accepted: false });
      const slug = (full_slug ?? "").replace(/^\/+|\/+$/g, "");
      await notifyCms(services.database.db, {
        type: "published",
        id: story_id ?? 0,
        uuid: "",
        full_slug: slug,
        published: action === "published" || action === "moved",
        version: null,
      });
      return ok(reply, { accepted: true });
    },
  );
};
