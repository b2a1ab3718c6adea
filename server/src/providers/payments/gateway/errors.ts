import type { FastifyReply } from "fastify";

/**
 * Adyen's error answer (Checkout API v72's `ServiceError`): what `@adyen/api-library` turns into an
 * `HttpClientException` with `statusCode`, `errorCode` and `apiError`. The codes are Adyen's own
 * (its published error-code list and the v72 OpenAPI examples); README "Payments" lists them.
 */
export interface AdyenError {
  status: number;
  errorCode: string;
  message: string;
  errorType: "validation" | "security" | "configuration" | "internal";
  pspReference?: string;
}

export class GatewayError extends Error {
  constructor(readonly body: AdyenError) {
    super(body.message);
  }
}

export const validation = (errorCode: string, message: string, status = 422): GatewayError =>
  new GatewayError({ status, errorCode, message, errorType: "validation" });

export const errors = {
  unauthorised: () =>
    new GatewayError({
      status: 401,
      errorCode: "000",
      message: "HTTP Status Response - Unauthorized",
      errorType: "security",
    }),
  merchantAccount: () =>
    new GatewayError({
      status: 403,
      errorCode: "901",
      message: "Invalid Merchant Account",
      errorType: "security",
    }),
  notAllowed: () =>
    new GatewayError({ status: 403, errorCode: "010", message: "Not allowed", errorType: "security" }),
  /** A body that is not JSON (Adyen's generic-400 example). */
  unparsable: (detail: string) => validation("702", `Unexpected input: ${detail}`, 400),
  missingField: (field: string) => validation("702", `Required field '${field}' is null`),
  unknownFields: (structure: string, fields: readonly string[]) =>
    validation(
      "702",
      `Structure of ${structure} contains the following unknown fields: [${fields.join(", ")}]`,
      400,
    ),
  invalidField: (field: string) => validation("187", `Field '${field}' is not valid.`),
  missingAmount: () => validation("100", "Required object 'amount' is not provided"),
  invalidAmount: () => validation("137", "Invalid amount specified"),
  currency: () => validation("138", "Unsupported currency specified"),
  missingReference: () => validation("130", "Required field 'reference' is not provided."),
  missingReturnUrl: () => validation("14_030", "Return URL is missing."),
  paymentMethodData: () => validation("14_007", "Invalid payment method data"),
  paymentMethodNotSupported: () =>
    new GatewayError({
      status: 422,
      errorCode: "905",
      message: "Payment details are not supported",
      errorType: "configuration",
    }),
  decrypt: () => validation("174", "Unable to decrypt data"),
  originalPspReference: () => validation("167", "Original pspReference required for this operation"),
  notFound: () =>
    new GatewayError({ status: 404, errorCode: "000", message: "Not Found", errorType: "validation" }),
  methodNotAllowed: () =>
    new GatewayError({
      status: 405,
      errorCode: "000",
      message: "Method Not Allowed",
      errorType: "validation",
    }),
  idempotencyInFlight: () => validation("704", "request already processed or in progress"),
};

export function sendAdyenError(reply: FastifyReply, error: GatewayError) {
  return reply.code(error.body.status).type("application/json; charset=utf-8").send(error.body);
}
