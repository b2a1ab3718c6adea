import adyen from "@adyen/api-library";
import type ClientInterface from "@adyen/api-library/lib/src/httpClient/clientInterface.js";
import { describe, expect, it } from "vitest";
import { PaymentService } from "../../services/payments/index.ts";
import { adyenProvider } from "./adyen.ts";

/** Where the official client sends the adapter's requests: the endpoint each call asked for. */
class Recording implements ClientInterface {
  readonly endpoints: string[] = [];
  async request(endpoint: string): Promise<string> {
    this.endpoints.push(endpoint);
    return JSON.stringify({ id: "CS0000000000000000", url: "https://checkoutshopper-test.adyen.com/x" });
  }
}

const session = {
  amount: { value: 100, currency: "EUR" },
  reference: "100000001-1",
  returnUrl: "https://shop.example/checkout-return",
};

function provider(options: { environment: "TEST" | "LIVE"; liveUrlPrefix?: string; hmacKey?: string }) {
  const httpClient = new Recording();
  const port = adyenProvider({
    apiKey: "AQEtest",
    merchantAccount: "EtalageNL",
    hmacKey: options.hmacKey ?? "A".repeat(64),
    environment: options.environment,
    liveUrlPrefix: options.liveUrlPrefix,
    test: false,
    httpClient,
  });
  return { port, httpClient };
}

describe("the Adyen adapter's endpoints (issue 30 item 2)", () => {
  it("calls checkout-test.adyen.com in TEST", async () => {
    const { port, httpClient } = provider({ environment: "TEST" });
    await port.sessions(session, "key-1");
    expect(httpClient.endpoints).toEqual(["https://checkout-test.adyen.com/v72/sessions"]);
  });

  it("calls the account's live endpoint with ADYEN_LIVE_URL_PREFIX in LIVE", async () => {
    const { port, httpClient } = provider({
      environment: "LIVE",
      liveUrlPrefix: "1797a841fbb37ca7-AdyenDemo",
    });
    await port.sessions(session, "key-1");
    expect(httpClient.endpoints).toEqual([
      "https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout/v72/sessions",
    ]);
  });

  it("cannot call LIVE without the prefix: the library throws, so the shop refuses to start without it", () => {
    expect(() => provider({ environment: "LIVE" })).toThrow(/Live endpoint URL prefix/);
  });
});

describe("notification verification (issue 30 item 1)", () => {
  const item = (key: string, merchant = "EtalageNL") => ({
    pspReference: "8815658961765250",
    originalReference: "",
    merchantAccountCode: merchant,
    merchantReference: "100000001-1",
    amount: { value: 4995, currency: "EUR" },
    eventCode: "AUTHORISATION",
    eventDate: "2026-01-01T12:00:00+01:00",
    success: "true",
    reason: "",
    additionalData: {
      hmacSignature: new adyen.hmacValidator().calculateHmac(
        ["8815658961765250", "", merchant, "100000001-1", 4995, "EUR", "AUTHORISATION", "true"].join(":"),
        key,
      ),
    },
  });
  const service = (hmacKey: string) =>
    new PaymentService(
      undefined as never,
      undefined as never,
      provider({ environment: "TEST", hmacKey }).port,
      "http://localhost",
      { warn() {}, info() {}, error() {} } as never,
    );

  it("refuses an item anyone can sign when the key is empty, which the library's validator accepts", () => {
    const forged = item("");
    expect(new adyen.hmacValidator().validateHMAC(forged as never, "")).toBe(true);
    expect(service("").verify(forged as never)).toBe("signature");
  });

  it("accepts an item signed with the key, and refuses it for another merchant account", () => {
    const key = "0123456789ABCDEF".repeat(4);
    expect(service(key).verify(item(key) as never)).toBe("ok");
    expect(service(key).verify(item(key, "OtherMerchant") as never)).toBe("merchant");
    expect(service(key).verify(item("FEDCBA9876543210".repeat(4)) as never)).toBe("signature");
  });
});
