import rateLimit from "@fastify/rate-limit";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { rateLimitOptions } from "../../http/rate-limits.ts";
import type { StoredAnswer } from "../../services/idempotency.ts";
import type { Services } from "../../services/index.ts";
import type { ReturnProof } from "../../services/returns/index.ts";
import { TOKEN_REFUSED } from "../accounts/session.ts";
import { orderHeaders, orderNumberSchema } from "../orders/validators.ts";
import {
  labelAnswer,
  proofQuery,
  requestBody,
  returnAnswer,
  returnableAnswer,
  returnNumberSchema,
} from "./validators.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

const NOT_FOUND = "Order not found";

/**
 * The shopper's returns (issue 25 item 3, docs/decisions/0049) under `/api/returns`: what an order
 * may send back, asking a return, and the return's label. The order is opened as its own page
 * opens it: a signed-in customer's bearer token, or a guest's order token (`token`). A wrong one
 * answers 404, the same as an order that does not exist.
 */
export const returnRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(rateLimit, rateLimitOptions(services.config));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  /** A bearer token must be a live customer session (401 otherwise); else the guest's token. */
  const proofOf = async (request: FastifyRequest, token: string | undefined): Promise<ReturnProof | null> => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
    if (bearer) {
      const session = await services.accounts.verify(bearer);
      if (!session)
        throw new ApiError(401, `headers.authorization: ${TOKEN_REFUSED}`, {
          errors: [{ path: "headers.authorization", message: TOKEN_REFUSED }],
        });
      return { customerId: session.customerId };
    }
    return token ? { token } : null;
  };
  const send = (reply: FastifyReply, answer: StoredAnswer) => reply.code(answer.code).send(answer.body);

  app.get(
    "/orders/:orderNumber",
    {
      config: { rateLimit: { max: services.config.ORDER_STATUS_PER_MINUTE, timeWindow: "1 minute" } },
      schema: {
        tags: ["returns"],
        summary: "What of an order may be returned: units per line, or why not, and its returns so far",
        params: z.strictObject({ orderNumber: orderNumberSchema }),
        querystring: proofQuery,
        response: { 200: envelopeSchema(returnableAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const proof = await proofOf(request, request.query.token);
      const found = proof ? await services.returns.returnable(request.params.orderNumber, proof) : undefined;
      if (!found) return sendError(reply, 404, NOT_FOUND);
      return ok(reply, found);
    },
  );

  app.post(
    "/orders/:orderNumber",
    {
      schema: {
        tags: ["returns"],
        summary: "Ask a return: lines, units and a reason each (Idempotency-Key required); mails the label",
        headers: orderHeaders,
        params: z.strictObject({ orderNumber: orderNumberSchema }),
        body: requestBody,
        response: { 200: envelopeSchema(returnAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const proof = await proofOf(request, request.body.token);
      if (!proof) return sendError(reply, 404, NOT_FOUND);
      return send(
        reply,
        await services.returns.request(
          request.params.orderNumber,
          proof,
          request.headers["idempotency-key"],
          request.body.lines,
        ),
      );
    },
  );

  app.get(
    "/:number",
    {
      config: { rateLimit: { max: services.config.ORDER_STATUS_PER_MINUTE, timeWindow: "1 minute" } },
      schema: {
        tags: ["returns"],
        summary: "A return for its printable label, with the same proof as its order",
        params: z.strictObject({ number: returnNumberSchema }),
        querystring: proofQuery,
        response: { 200: envelopeSchema(labelAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const proof = await proofOf(request, request.query.token);
      const found = proof ? await services.returns.label(request.params.number, proof) : undefined;
      if (!found) return sendError(reply, 404, "Return not found");
      return ok(reply, found);
    },
  );
};
