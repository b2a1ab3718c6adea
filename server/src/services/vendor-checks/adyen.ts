/**
 * `npm run check-vendors` for Adyen, through Adyen's official client: a `/paymentMethods` call
 * answers whether Adyen (or the built-in gateway) is reached and takes the API key and merchant
 * account. The check runs beside the shop, not in it, so it reads the built-in gateway's keys from
 * the copy in DATA_DIR rather than the database. The webhook is set up in Adyen's Customer Area;
 * the shop can only say whether it has the HMAC key to check it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import adyen from "@adyen/api-library";
import type ClientInterface from "@adyen/api-library/lib/src/httpClient/clientInterface.js";
import type { IRequest } from "@adyen/api-library/lib/src/typings/requestOptions.js";
import type { Config } from "../../config.ts";
import { CHECKOUT_PATH } from "../../providers/payments/gateway/index.ts";
import type { GatewayKeys } from "../../providers/payments/gateway-keys.ts";
import { unreachable, type VendorCheck } from "./types.ts";

/** The official client's requests to the running shop's built-in gateway, over HTTP. */
class ShopGatewayClient implements ClientInterface {
  constructor(private readonly base: string) {}

  async request(
    endpoint: string,
    json: string | Buffer,
    config: { apiKey?: string },
    _isApiKeyRequired: boolean,
    requestOptions: IRequest.Options = {},
  ): Promise<string> {
    const url = endpoint.replace(/^https:\/\/checkout-(?:test|live)\.adyen\.com\/v\d+/, this.base);
    const res = await fetch(url, {
      method: (requestOptions.method as string) ?? "POST",
      headers: { "content-type": "application/json", "x-api-key": config.apiKey ?? "" },
      body: typeof json === "string" ? json : json.toString("utf8"),
    });
    const body = await res.text();
    if (res.status >= 300)
      throw Object.assign(new Error(`HTTP Exception: ${res.status}`), {
        statusCode: res.status,
        responseBody: body,
      });
    return body;
  }
}

/** The built-in gateway's keys as the running shop wrote them to DATA_DIR (gateway-keys.ts). */
function builtinKeys(dataDir: string): GatewayKeys | undefined {
  const file = path.join(dataDir, "adyen-test-gateway.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as GatewayKeys) : undefined;
}

export async function checkAdyen(config: Config, shop: string): Promise<VendorCheck> {
  const vendor = Boolean(config.ADYEN_API_KEY);
  const keys = vendor ? undefined : builtinKeys(config.dataDir);
  const check: VendorCheck = {
    vendor: "Adyen",
    target: vendor ? "vendor" : "built-in",
    url: vendor
      ? `checkout-${config.ADYEN_ENVIRONMENT === "LIVE" ? "live" : "test"}.adyen.com`
      : `${shop}${CHECKOUT_PATH}`,
    reached: false,
    credentials: "not checked",
    webhook: vendor ? "set up in the vendor's console" : "configured",
    notes: [],
  };
  if (!vendor && !keys) {
    check.notes.push(`no built-in gateway keys in ${config.dataDir}: start the shop once`);
    return check;
  }
  const client = new adyen.Client({
    apiKey: config.ADYEN_API_KEY ?? keys!.apiKey,
    environment:
      config.ADYEN_ENVIRONMENT === "LIVE" ? adyen.EnvironmentEnum.LIVE : adyen.EnvironmentEnum.TEST,
    ...(config.ADYEN_LIVE_URL_PREFIX ? { liveEndpointUrlPrefix: config.ADYEN_LIVE_URL_PREFIX } : {}),
  });
  if (!vendor) client.httpClient = new ShopGatewayClient(`${shop}${CHECKOUT_PATH}`);
  try {
    const answer = await new adyen.CheckoutAPI(client).PaymentsApi.paymentMethods({
      merchantAccount: config.ADYEN_MERCHANT_ACCOUNT ?? keys!.merchantAccount,
      countryCode: "NL",
      amount: { currency: "EUR", value: 1000 },
    });
    check.reached = true;
    check.credentials = "valid";
    const methods = answer.paymentMethods?.map((m) => m.type) ?? [];
    check.notes.push(`payment methods: ${methods.join(", ") || "none"}`);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    check.reached = typeof status === "number" && status > 0;
    check.credentials = status === 401 || status === 403 ? "invalid" : "not checked";
    check.notes.push(check.reached ? `Adyen answered ${status}` : `not reached: ${unreachable(error)}`);
  }
  if (vendor) {
    check.notes.push(
      config.ADYEN_HMAC_KEY
        ? "Customer Area → Webhooks: Standard webhook to {shop}/api/ext/adyen/notifications with this HMAC key"
        : "no ADYEN_HMAC_KEY: notifications cannot be verified",
    );
    if (!config.ADYEN_HMAC_KEY) check.webhook = "not configured";
  }
  return check;
}
