import adyen from "@adyen/api-library";
import type ClientInterface from "@adyen/api-library/lib/src/httpClient/clientInterface.js";
import type { IRequest } from "@adyen/api-library/lib/src/typings/requestOptions.js";
import type { FastifyInstance } from "fastify";

/** What the shop asks of a payment provider (Adyen's Checkout API v72, through its own client). */
export interface PaymentProvider {
  readonly merchantAccount: string;
  readonly hmacKey: string;
  /** The built-in test gateway: no money moves. */
  readonly test: boolean;
  payments(request: Record<string, unknown>, idempotencyKey: string): Promise<Record<string, any>>;
  paymentsDetails(request: Record<string, unknown>, idempotencyKey: string): Promise<Record<string, any>>;
  paymentMethods(request: Record<string, unknown>): Promise<Record<string, any>>;
}

// The library is CommonJS: Node's ESM loader (the production build) sees only its default export.
const { CheckoutAPI, Client, EnvironmentEnum, HttpClientException } = adyen;

const ADYEN_CHECKOUT = /^https:\/\/checkout-(?:test|live)\.adyen\.com\/v\d+/;

/**
 * The official client's HTTP transport pointed at the built-in gateway: Adyen's URLs are rewritten
 * to the gateway's base and answered in-process (`inject`), so the client, its serialisation and
 * its error handling are exactly what runs against real Adyen.
 */
export class InProcessGatewayClient implements ClientInterface {
  constructor(
    private readonly app: () => FastifyInstance,
    private readonly checkoutPath: string,
  ) {}

  async request(
    endpoint: string,
    json: string | Buffer,
    config: { apiKey?: string },
    _isApiKeyRequired: boolean,
    requestOptions: IRequest.Options = {},
  ): Promise<string> {
    const url = endpoint.replace(ADYEN_CHECKOUT, this.checkoutPath);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "x-api-key": config.apiKey ?? "",
    };
    if (requestOptions.idempotencyKey) headers["idempotency-key"] = requestOptions.idempotencyKey;
    const res = await this.app().inject({
      method: (requestOptions.method as "POST") ?? "POST",
      url,
      headers,
      payload: json,
    });
    if (res.statusCode >= 300) {
      throw new HttpClientException({
        message: `HTTP Exception: ${res.statusCode}`,
        statusCode: res.statusCode,
        responseBody: res.body,
      });
    }
    return res.body;
  }
}

export function adyenProvider(options: {
  apiKey: string;
  merchantAccount: string;
  hmacKey: string;
  environment: "TEST" | "LIVE";
  test: boolean;
  httpClient?: ClientInterface;
}): PaymentProvider {
  const client = new Client({
    apiKey: options.apiKey,
    environment: options.environment === "LIVE" ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
  });
  if (options.httpClient) client.httpClient = options.httpClient;
  const api = new CheckoutAPI(client).PaymentsApi;
  return {
    merchantAccount: options.merchantAccount,
    hmacKey: options.hmacKey,
    test: options.test,
    payments: (request, idempotencyKey) =>
      api.payments({ merchantAccount: options.merchantAccount, ...request } as never, {
        idempotencyKey,
      }) as never,
    paymentsDetails: (request, idempotencyKey) =>
      api.paymentsDetails(request as never, { idempotencyKey }) as never,
    paymentMethods: (request) =>
      api.paymentMethods({ merchantAccount: options.merchantAccount, ...request } as never) as never,
  };
}
