import adyen from "@adyen/api-library";
import type ClientInterface from "@adyen/api-library/lib/src/httpClient/clientInterface.js";
import type { ApiError } from "@adyen/api-library/lib/src/typings/apiError.js";
import type { IRequest } from "@adyen/api-library/lib/src/typings/requestOptions.js";
import type { FastifyInstance } from "fastify";

const ADYEN_CHECKOUT = /^https:\/\/checkout-(?:test|live)\.adyen\.com\/v\d+/;

/** One request the official client made: what a contract test or a log may look at. */
export interface ObservedRequest {
  endpoint: string;
  method: string;
  body: string;
  idempotencyKey: string | undefined;
  status: number;
}

/**
 * The official client's HTTP transport pointed at the built-in gateway: Adyen's URLs are rewritten
 * to the gateway's base and answered in-process (`inject`), so the client, its serialisation and
 * its error handling are exactly what runs against real Adyen.
 */
export class InProcessGatewayClient implements ClientInterface {
  /** Told of every request and its status (the contract test listens here). */
  readonly observers = new Set<(request: ObservedRequest) => void>();

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
    const url = new URL(endpoint.replace(ADYEN_CHECKOUT, `http://gateway${this.checkoutPath}`));
    // The library passes query parameters as a record (`sessionResult` of `GET /sessions/{id}`).
    const params = requestOptions.params;
    if (params && typeof params === "object" && !(Symbol.iterator in params))
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "x-api-key": config.apiKey ?? "",
    };
    if (requestOptions.idempotencyKey) headers["idempotency-key"] = requestOptions.idempotencyKey;
    const method = (requestOptions.method ?? "POST").toUpperCase() as "GET" | "POST" | "PATCH";
    const body = json.toString();
    const res = await this.app().inject({
      method,
      url: `${url.pathname}${url.search}`,
      headers,
      ...(method === "GET" ? {} : { payload: body }),
    });
    for (const observe of this.observers)
      observe({
        endpoint,
        method,
        body,
        idempotencyKey: requestOptions.idempotencyKey,
        status: res.statusCode,
      });
    if (res.statusCode >= 300) {
      // As the library's own client: Adyen's error body becomes the exception's apiError.
      let apiError: ApiError | undefined;
      try {
        apiError = JSON.parse(res.body);
      } catch {}
      throw new adyen.HttpClientException({
        message: `HTTP Exception: ${res.statusCode}. ${apiError?.message ?? ""}`.trim(),
        statusCode: res.statusCode,
        responseBody: res.body,
        ...(apiError?.errorCode ? { errorCode: apiError.errorCode, apiError } : {}),
      });
    }
    return res.body;
  }
}
