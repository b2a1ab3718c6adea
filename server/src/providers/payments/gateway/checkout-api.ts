import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createPayment, paymentDetails } from "./api-payments.ts";
import { errors, GatewayError, sendAdyenError } from "./errors.ts";
import { type Answer, idempotent } from "./idempotency.ts";
import type { Ledger } from "./ledger.ts";
import { cancelByReference, modify } from "./modifications.ts";
import {
  type ModificationKind,
  readDetailsRequest,
  readModificationRequest,
  readPaymentMethodsRequest,
  readPaymentRequest,
  readSessionRequest,
  readStandaloneCancel,
} from "./requests.ts";
import { createSession, sessionResult } from "./sessions.ts";

/**
 * Adyen's Checkout API v72 at /gateway/adyen/checkout/v72, as strict as Adyen: `X-API-Key`,
 * Adyen's error shape and codes for everything it refuses (an unknown path too), `Idempotency-Key`
 * on every POST, answers in Adyen's shapes so `@adyen/api-library` reads them unchanged.
 */

const MODIFICATIONS: readonly ModificationKind[] = ["captures", "refunds", "cancels", "reversals"];

export function registerCheckoutApi(app: FastifyInstance, ledger: Ledger): void {
  const hidden = { schema: { hide: true } };
  const merchant = ledger.keys.merchantAccount;

  app.addHook("onRequest", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (request.headers["x-api-key"] !== ledger.keys.apiKey)
      return sendAdyenError(reply, errors.unauthorised());
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof GatewayError) return sendAdyenError(reply, error);
    if (error.code?.startsWith("FST_ERR_CTP") || error.statusCode === 400)
      return sendAdyenError(reply, errors.unparsable(error.message));
    request.log.error({ err: error }, "test gateway: request failed");
    return sendAdyenError(
      reply,
      new GatewayError({ status: 500, errorCode: "000", message: "Internal error", errorType: "internal" }),
    );
  });

  /** Runs a POST under its Idempotency-Key and answers as the first answer did. */
  const post = async (request: FastifyRequest, reply: FastifyReply, run: () => Promise<Answer>) => {
    const header = request.headers["idempotency-key"];
    const key = typeof header === "string" ? header : undefined;
    const answer = await idempotent(ledger.db, key, request.url.split("?")[0]!, run);
    if (key !== undefined) reply.header("idempotency-key", key);
    return reply.code(answer.status).type("application/json; charset=utf-8").send(answer.body);
  };

  app.post("/v72/paymentMethods", hidden, async (request) => {
    readPaymentMethodsRequest(request.body, merchant);
    // iDEAL 2.0 has no issuer list: the shopper picks the bank at the iDEAL hub.
    return {
      paymentMethods: [
        { name: "Cards", type: "scheme", brands: ["visa", "mc", "amex", "maestro", "bcmc"] },
        { name: "iDEAL | Wero", type: "ideal" },
      ],
    };
  });

  app.post("/v72/payments", hidden, (request, reply) =>
    post(request, reply, async () => ({
      status: 200,
      body: await createPayment(ledger, readPaymentRequest(request.body, merchant)),
    })),
  );

  app.post("/v72/payments/details", hidden, (request, reply) =>
    post(request, reply, async () => ({
      status: 200,
      body: await paymentDetails(ledger, readDetailsRequest(request.body)),
    })),
  );

  app.post("/v72/sessions", hidden, (request, reply) =>
    post(request, reply, async () => ({
      status: 201,
      body: await createSession(
        ledger,
        readSessionRequest(request.body, merchant),
        request.body as Record<string, unknown>,
      ),
    })),
  );

  app.get<{ Params: { id: string }; Querystring: { sessionResult?: string } }>(
    "/v72/sessions/:id",
    hidden,
    async (request) => sessionResult(ledger, request.params.id, request.query.sessionResult),
  );

  for (const kind of MODIFICATIONS)
    app.post<{ Params: { psp: string } }>(`/v72/payments/:psp/${kind}`, hidden, (request, reply) =>
      post(request, reply, async () => ({
        status: 201,
        body: await modify(
          ledger,
          kind,
          request.params.psp,
          readModificationRequest(kind, request.body, merchant),
        ),
      })),
    );

  app.post("/v72/cancels", hidden, (request, reply) =>
    post(request, reply, async () => ({
      status: 201,
      body: await cancelByReference(ledger, readStandaloneCancel(request.body, merchant)),
    })),
  );

  // Anything else is answered as Adyen answers an unknown path: JSON, never the shop's page.
  app.all("/*", hidden, async (_request, reply) => sendAdyenError(reply, errors.notFound()));
}
