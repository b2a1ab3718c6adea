import adyen from "@adyen/api-library";
import type ClientInterface from "@adyen/api-library/lib/src/httpClient/clientInterface.js";
import type { CreateCheckoutSessionRequest } from "@adyen/api-library/lib/src/typings/checkout/createCheckoutSessionRequest.js";
import type { CreateCheckoutSessionResponse } from "@adyen/api-library/lib/src/typings/checkout/createCheckoutSessionResponse.js";
import type { PaymentCancelRequest } from "@adyen/api-library/lib/src/typings/checkout/paymentCancelRequest.js";
import type { PaymentCancelResponse } from "@adyen/api-library/lib/src/typings/checkout/paymentCancelResponse.js";
import type { PaymentCaptureRequest } from "@adyen/api-library/lib/src/typings/checkout/paymentCaptureRequest.js";
import type { PaymentCaptureResponse } from "@adyen/api-library/lib/src/typings/checkout/paymentCaptureResponse.js";
import type { PaymentDetailsRequest } from "@adyen/api-library/lib/src/typings/checkout/paymentDetailsRequest.js";
import type { PaymentDetailsResponse } from "@adyen/api-library/lib/src/typings/checkout/paymentDetailsResponse.js";
import type { PaymentRefundRequest } from "@adyen/api-library/lib/src/typings/checkout/paymentRefundRequest.js";
import type { PaymentRefundResponse } from "@adyen/api-library/lib/src/typings/checkout/paymentRefundResponse.js";
import type { PaymentReversalRequest } from "@adyen/api-library/lib/src/typings/checkout/paymentReversalRequest.js";
import type { PaymentReversalResponse } from "@adyen/api-library/lib/src/typings/checkout/paymentReversalResponse.js";
import type { SessionResultResponse } from "@adyen/api-library/lib/src/typings/checkout/sessionResultResponse.js";
import type { StandalonePaymentCancelRequest } from "@adyen/api-library/lib/src/typings/checkout/standalonePaymentCancelRequest.js";
import type { StandalonePaymentCancelResponse } from "@adyen/api-library/lib/src/typings/checkout/standalonePaymentCancelResponse.js";

/** A request of the library's own type, without the merchant account the adapter adds. */
type Own<T> = Omit<T, "merchantAccount">;

export type SessionRequest = Own<CreateCheckoutSessionRequest>;
type CaptureRequest = Own<PaymentCaptureRequest>;
type RefundRequest = Own<PaymentRefundRequest>;
type CancelRequest = Own<PaymentCancelRequest>;
type ReversalRequest = Own<PaymentReversalRequest>;
type CancelByReferenceRequest = Own<StandalonePaymentCancelRequest>;

/**
 * What the shop asks of its payment provider: Adyen's Checkout API v72 through its official
 * client, every request typed with the library's own request type (docs/decisions/0032).
 */
export interface PaymentProvider {
  readonly merchantAccount: string;
  readonly hmacKey: string;
  /** The built-in test gateway: no money moves. */
  readonly test: boolean;
  /** `POST /sessions`: a Hosted Checkout session and the `url` to send the shopper to. */
  sessions(request: SessionRequest, idempotencyKey: string): Promise<CreateCheckoutSessionResponse>;
  /** `GET /sessions/{id}?sessionResult=`: the session's status when the shopper is back. */
  sessionResult(sessionId: string, sessionResult: string): Promise<SessionResultResponse>;
  /** `POST /payments/details`: the return of a redirect payment made through `/payments`. */
  paymentsDetails(request: PaymentDetailsRequest, idempotencyKey: string): Promise<PaymentDetailsResponse>;
  capture(psp: string, request: CaptureRequest, idempotencyKey: string): Promise<PaymentCaptureResponse>;
  refund(psp: string, request: RefundRequest, idempotencyKey: string): Promise<PaymentRefundResponse>;
  cancel(psp: string, request: CancelRequest, idempotencyKey: string): Promise<PaymentCancelResponse>;
  /** `/reversals`: cancels an uncaptured payment, refunds a captured one (CANCEL_OR_REFUND). */
  refundOrCancel(
    psp: string,
    request: ReversalRequest,
    idempotencyKey: string,
  ): Promise<PaymentReversalResponse>;
  /** `/cancels` by merchant reference, when the payment's pspReference is not known (TECHNICAL_CANCEL). */
  cancelByReference(
    request: CancelByReferenceRequest,
    idempotencyKey: string,
  ): Promise<StandalonePaymentCancelResponse>;
}

// The library is CommonJS: Node's ESM loader (the production build) sees only its default export.
const { CheckoutAPI, Client, EnvironmentEnum } = adyen;

export interface AdyenOptions {
  apiKey: string;
  merchantAccount: string;
  hmacKey: string;
  environment: "TEST" | "LIVE";
  /** LIVE only: the account's prefix (`{prefix}-checkout-live.adyenpayments.com`). */
  liveUrlPrefix?: string | undefined;
  test: boolean;
  httpClient?: ClientInterface;
}

export function adyenProvider(options: AdyenOptions): PaymentProvider {
  const client = new Client({
    apiKey: options.apiKey,
    environment: options.environment === "LIVE" ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    ...(options.liveUrlPrefix ? { liveEndpointUrlPrefix: options.liveUrlPrefix } : {}),
    applicationName: "Etalage",
  });
  if (options.httpClient) client.httpClient = options.httpClient;
  const checkout = new CheckoutAPI(client);
  const payments = checkout.PaymentsApi;
  const modifications = checkout.ModificationsApi;
  const merchantAccount = options.merchantAccount;
  return {
    merchantAccount,
    hmacKey: options.hmacKey,
    test: options.test,
    sessions: (request, idempotencyKey) =>
      payments.sessions({ ...request, merchantAccount }, { idempotencyKey }),
    sessionResult: (sessionId, sessionResult) => payments.getResultOfPaymentSession(sessionId, sessionResult),
    paymentsDetails: (request, idempotencyKey) => payments.paymentsDetails(request, { idempotencyKey }),
    capture: (psp, request, idempotencyKey) =>
      modifications.captureAuthorisedPayment(psp, { ...request, merchantAccount }, { idempotencyKey }),
    refund: (psp, request, idempotencyKey) =>
      modifications.refundCapturedPayment(psp, { ...request, merchantAccount }, { idempotencyKey }),
    cancel: (psp, request, idempotencyKey) =>
      modifications.cancelAuthorisedPaymentByPspReference(
        psp,
        { ...request, merchantAccount },
        { idempotencyKey },
      ),
    refundOrCancel: (psp, request, idempotencyKey) =>
      modifications.refundOrCancelPayment(psp, { ...request, merchantAccount }, { idempotencyKey }),
    cancelByReference: (request, idempotencyKey) =>
      modifications.cancelAuthorisedPayment({ ...request, merchantAccount }, { idempotencyKey }),
  };
}
