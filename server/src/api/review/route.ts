import { createHash } from "node:crypto";
import { REVIEW_PAGE_SIZE } from "@etalage/core";
import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { rateLimitOptions } from "../../http/rate-limits.ts";
import type { Services } from "../../services/index.ts";
import { callerOf, sendFailure } from "../cart/reply.ts";
import {
  createReviewBody,
  listReviewsQuery,
  moderationQuery,
  moderationRow,
  reviewIdParams,
  reviewSummary,
  reviewView,
} from "./validators.ts";

const HOUR_MS = 60 * 60 * 1000;

function tooMany(message: string) {
  return (_request: unknown, context: { after: string }) =>
    Object.assign(new Error(`${message} (try again in ${context.after})`), { statusCode: 429 });
}

/**
 * Reviews (contract "The rest"): `POST /review/create` pending moderation, the approved reviews of
 * a product, and "helpful" votes. A review names a customer only with that customer's token; a
 * guest names an email address. Every address is rate-limited (REVIEWS_PER_HOUR).
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(rateLimit, rateLimitOptions(services.config));

  app.post(
    "/create",
    {
      config: {
        rateLimit: {
          max: services.config.REVIEWS_PER_HOUR,
          timeWindow: HOUR_MS,
          errorResponseBuilder: tooMany("review: too many reviews from this address"),
        },
      },
      schema: {
        tags: ["reviews"],
        summary: "Write a review of a product; it shows once approved",
        querystring: z.strictObject({ token: z.string().max(4096).optional() }),
        body: createReviewBody,
        response: {
          200: envelopeSchema(z.object({ id: z.number().int(), status: z.literal("pending") })),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { review } = request.body;
      const caller = await callerOf(request, services);
      if (!caller.ok) return sendFailure(reply, caller);
      let customerId: number | undefined;
      if (review.customer_id !== undefined) {
        // The id alone proves nothing: it must be the caller's own.
        if (caller.value.kind !== "customer" || caller.value.customerId !== review.customer_id)
          return sendError(
            reply,
            401,
            "body.review.customer_id: sign in as this customer to review under the account",
          );
        customerId = review.customer_id;
      } else if (caller.value.kind === "customer") {
        customerId = caller.value.customerId;
      } else if (!review.email) {
        return sendError(reply, 400, "body.review.email: is required for a review without an account", {
          errors: [{ path: "body.review.email", message: "is required for a review without an account" }],
        });
      }
      const product = services.catalog.productById(review.product_id);
      if (product?.status !== 1 || product.visibility === 1)
        return sendError(reply, 404, `body.review.product_id: Product not found: ${review.product_id}`);
      const outcome = await services.reviews.create({
        productId: product.id,
        sku: product.sku,
        title: review.title,
        detail: review.detail,
        nickname: review.nickname,
        ratings: review.ratings,
        customerId,
        email: customerId === undefined ? review.email : undefined,
      });
      if (!outcome.ok && outcome.reason === "empty") {
        const path = `body.review.${outcome.field}`;
        const message = "must hold text, not only markup";
        return sendError(reply, 400, `${path}: ${message}`, { errors: [{ path, message }] });
      }
      if (!outcome.ok) return sendError(reply, 409, "body.review: You already reviewed this product");
      return ok(reply, { id: outcome.id, status: "pending" as const });
    },
  );

  app.get(
    "/list",
    {
      schema: {
        tags: ["reviews"],
        summary: "A product's approved reviews, newest or most helpful first, with the rating summary",
        querystring: listReviewsQuery,
        response: {
          200: envelopeSchema(
            z.object({
              items: z.array(reviewView),
              total: z.number().int(),
              page: z.number().int(),
              perPage: z.number().int(),
              summary: reviewSummary,
            }),
          ),
          400: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { product_id, sort, page } = request.query;
      const { items, total } = services.reviews.list(product_id, sort, page);
      return ok(reply, {
        items,
        total,
        page,
        perPage: REVIEW_PAGE_SIZE,
        summary: services.reviews.summary(product_id),
      });
    },
  );

  app.post(
    "/:id/helpful",
    {
      config: {
        rateLimit: { max: 60, timeWindow: HOUR_MS, errorResponseBuilder: tooMany("review: too many votes") },
      },
      schema: {
        tags: ["reviews"],
        summary: "Count a review as helpful, once per visitor",
        params: reviewIdParams,
        body: z.strictObject({}).optional(),
        response: {
          200: envelopeSchema(z.object({ counted: z.boolean() })),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      // The address, hashed: enough to count one vote per visitor without storing who they are.
      const voter = createHash("sha256").update(`review-vote:${request.ip}`).digest("base64url");
      const counted = await services.reviews.markHelpful(request.params.id, voter);
      if (counted === "not-found") return sendError(reply, 404, `id: Review not found: ${request.params.id}`);
      return ok(reply, { counted });
    },
  );
};

/** Moderation for the operator: `/api/admin/reviews` with ADMIN_TOKEN (and `npm run reviews`). */
export const reviewAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook("onRequest", requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"));

  app.get(
    "",
    {
      schema: {
        tags: ["admin"],
        summary: "Reviews by moderation state (pending first of all)",
        querystring: moderationQuery,
        response: {
          200: envelopeSchema(z.array(moderationRow)),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => ok(reply, await services.reviews.moderationList(request.query.status)),
  );

  for (const [action, status] of [
    ["approve", "approved"],
    ["reject", "rejected"],
  ] as const) {
    app.post(
      `/:id/${action}`,
      {
        schema: {
          tags: ["admin"],
          summary: `${action === "approve" ? "Approve" : "Reject"} a review`,
          params: reviewIdParams,
          body: z.strictObject({}).optional(),
          response: {
            200: envelopeSchema(moderationRow),
            400: errorEnvelopeSchema,
            401: errorEnvelopeSchema,
            404: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        const row = await services.reviews.moderate(request.params.id, status);
        if (!row) return sendError(reply, 404, `id: Review not found: ${request.params.id}`);
        request.log.info({ review: row.id, status }, "review moderated");
        return ok(reply, row);
      },
    );
  }
};
