import { rolesFor, staffMay } from "@etalage/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { requireStaff } from "../../http/require-staff.ts";
import type { StoredAnswer } from "../../services/idempotency.ts";
import type { Services } from "../../services/index.ts";
import type { StaffActor } from "../../services/returns/index.ts";
import { orderHeaders } from "../orders/validators.ts";
import {
  receiveBody,
  rejectReturnBody,
  returnAnswer,
  returnListAnswer,
  returnListQuery,
  returnParams,
} from "../returns/validators.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

const send = (reply: FastifyReply, answer: StoredAnswer) => reply.code(answer.code).send(answer.body);

/**
 * Returns in the back office (klantenservice, beheerder; docs/decisions/0049): the list by status,
 * one return, and receive (per line, with condition), refund (also needs `orders.refund`, within
 * the member's refund limit) and reject. Each change takes an `Idempotency-Key`, CSRF comes with
 * `requireStaff`, and the audit log gets its row in the change's transaction.
 */
export const beheerReturnRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addHook("onRequest", requireStaff(services, ...rolesFor("returns.manage")));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const actor = (request: FastifyRequest): StaffActor => {
    const { staff } = request.staff!;
    return { kind: "staff", staffId: staff.id, email: staff.email, role: staff.role, ip: request.ip };
  };

  app.get(
    "",
    {
      schema: {
        tags: ["beheer"],
        summary: "Returns, newest first, one page; filtered by status or order",
        querystring: returnListQuery,
        response: { 200: envelopeSchema(returnListAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const { status, order, page, pageSize } = request.query;
      return ok(
        reply,
        await services.returns.list({
          ...(status ? { status } : {}),
          ...(order ? { orderNumber: order } : {}),
          page,
          pageSize,
        }),
      );
    },
  );

  app.get(
    "/:number",
    {
      schema: {
        tags: ["beheer"],
        summary: "One return: its lines, what was received and in which condition, its refund",
        params: returnParams,
        response: { 200: envelopeSchema(returnAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const found = await services.returns.detail(request.params.number);
      if (!found) return sendError(reply, 404, "Return not found");
      return ok(reply, found);
    },
  );

  const action = {
    headers: orderHeaders,
    params: returnParams,
    response: { 200: envelopeSchema(returnAnswer), ...errors },
  };

  app.post(
    "/:number/receive",
    {
      schema: {
        tags: ["beheer"],
        summary: "Record what arrived, per line: units and condition; units as new go back to stock",
        ...action,
        body: receiveBody,
      },
    },
    async (request, reply) =>
      send(
        reply,
        await services.returns.receive(
          actor(request),
          request.params.number,
          request.headers["idempotency-key"],
          request.body.lines,
        ),
      ),
  );

  app.post(
    "/:number/refund",
    {
      schema: {
        tags: ["beheer"],
        summary: "Refund the received units (not the shipping) through the payment provider",
        ...action,
        body: z.strictObject({}).optional(),
      },
    },
    async (request, reply) => {
      if (!staffMay(request.staff!.staff.role, "orders.refund"))
        return sendError(reply, 403, "Your role may not do this");
      return send(
        reply,
        await services.returns.refund(
          actor(request),
          request.params.number,
          request.headers["idempotency-key"],
        ),
      );
    },
  );

  app.post(
    "/:number/reject",
    {
      schema: {
        tags: ["beheer"],
        summary: "Reject the return with a reason; nothing is refunded",
        ...action,
        body: rejectReturnBody,
      },
    },
    async (request, reply) =>
      send(
        reply,
        await services.returns.reject(
          actor(request),
          request.params.number,
          request.headers["idempotency-key"],
          request.body.reason,
        ),
      ),
  );
};
