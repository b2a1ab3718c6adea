import { AUDIT_PAGE_SIZE, productLink, rolesFor } from "@etalage/core";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { requireStaff } from "../../http/require-staff.ts";
import type { Services } from "../../services/index.ts";
import { appendAudit } from "../../services/staff/audit.ts";
import { auditAnswer, auditQuery, pendingReview, rejectBody, reviewParams } from "./validators.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** Review moderation in the back office (redacteur, beheerder): `/api/beheer/reviews`. */
export const beheerReviewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addHook("onRequest", requireStaff(services, ...rolesFor("reviews.moderate")));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "",
    {
      schema: {
        tags: ["beheer"],
        summary: "The pending reviews, oldest first, with their product",
        response: { 200: envelopeSchema(z.array(pendingReview)), ...errors },
      },
    },
    async (_request, reply) => {
      const rows = await services.reviews.moderationList("pending");
      return ok(
        reply,
        rows.map((r) => {
          const product = services.catalog.productById(r.product_id);
          return {
            id: r.id,
            title: r.title,
            detail: r.detail,
            nickname: r.nickname,
            rating: r.rating,
            created_at: r.created_at,
            product: {
              id: r.product_id,
              sku: r.sku,
              name: product?.name ?? r.sku,
              url: product ? productLink(product) : null,
            },
          };
        }),
      );
    },
  );

  const decide = (request: FastifyRequest, id: number, status: "approved" | "rejected", reason?: string) => {
    const { staff } = request.staff!;
    return services.reviews.moderate(id, status, (tx, row) =>
      appendAudit(tx, {
        staffId: staff.id,
        actor: staff.email,
        action: status === "approved" ? "review.approved" : "review.rejected",
        target: `review ${row.id} (${row.sku})`,
        ...(reason ? { details: { reason } } : {}),
        ip: request.ip,
      }),
    );
  };

  app.post(
    "/:id/approve",
    {
      schema: {
        tags: ["beheer"],
        summary: "Approve a review: it shows on its product page",
        params: reviewParams,
        body: z.strictObject({}).optional(),
        response: { 200: envelopeSchema(z.object({ id: z.number().int(), status: z.string() })), ...errors },
      },
    },
    async (request, reply) => {
      const row = await decide(request, request.params.id, "approved");
      if (!row) return sendError(reply, 404, `id: Review not found: ${request.params.id}`);
      return ok(reply, { id: row.id, status: row.status });
    },
  );

  app.post(
    "/:id/reject",
    {
      schema: {
        tags: ["beheer"],
        summary: "Reject a review with a reason (kept in the audit log)",
        params: reviewParams,
        body: rejectBody,
        response: { 200: envelopeSchema(z.object({ id: z.number().int(), status: z.string() })), ...errors },
      },
    },
    async (request, reply) => {
      const row = await decide(request, request.params.id, "rejected", request.body.reason);
      if (!row) return sendError(reply, 404, `id: Review not found: ${request.params.id}`);
      return ok(reply, { id: row.id, status: row.status });
    },
  );
};

/** The audit log for a beheerder: `/api/beheer/audit?page=`, newest first, paginated here. */
export const beheerAuditRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook("onRequest", requireStaff(services, ...rolesFor("audit.read")));
  app.get(
    "",
    {
      schema: {
        tags: ["beheer"],
        summary: "The audit log, newest first, one page",
        querystring: auditQuery,
        response: { 200: envelopeSchema(auditAnswer), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { page } = request.query;
      const { items, total } = await services.staff.auditPage(page);
      return ok(reply, { items, total, page, per_page: AUDIT_PAGE_SIZE });
    },
  );
};
