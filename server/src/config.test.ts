import os from "node:os";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("SSR_RENDER_THREADS", () => {
  it("is one fewer than the machine's cores by default, and never below 0", () => {
    expect(loadConfig({}).SSR_RENDER_THREADS).toBe(Math.max(0, os.availableParallelism() - 1));
    expect(loadConfig({ SSR_RENDER_THREADS: "auto" }).SSR_RENDER_THREADS).toBe(
      Math.max(0, os.availableParallelism() - 1),
    );
  });

  it("takes a count, 0 rendering every page in the request thread", () => {
    expect(loadConfig({ SSR_RENDER_THREADS: "0" }).SSR_RENDER_THREADS).toBe(0);
    expect(loadConfig({ SSR_RENDER_THREADS: "3" }).SSR_RENDER_THREADS).toBe(3);
  });

  it("refuses anything else, naming the setting", () => {
    for (const bad of ["-1", "many", "1.5", "65"]) {
      expect(() => loadConfig({ SSR_RENDER_THREADS: bad })).toThrow(/SSR_RENDER_THREADS/);
    }
  });
});

describe("PASSKEY_RP_ID and PASSKEY_ORIGIN", () => {
  it("take a domain and an origin", () => {
    const config = loadConfig({ PASSKEY_RP_ID: "etalage.nl", PASSKEY_ORIGIN: "https://www.etalage.nl" });
    expect([config.PASSKEY_RP_ID, config.PASSKEY_ORIGIN]).toEqual(["etalage.nl", "https://www.etalage.nl"]);
    expect(loadConfig({}).PASSKEY_RP_ID).toBeUndefined();
  });

  it("refuse an IP address, a URL as RP ID and an origin with a path", () => {
    for (const bad of ["127.0.0.1", "https://etalage.nl", "etalage.nl:3000"]) {
      expect(() => loadConfig({ PASSKEY_RP_ID: bad })).toThrow(/PASSKEY_RP_ID/);
    }
    expect(() => loadConfig({ PASSKEY_ORIGIN: "https://www.etalage.nl/shop" })).toThrow(/PASSKEY_ORIGIN/);
  });
});

describe("real Adyen (issue 30 items 1 and 2)", () => {
  const key = "A".repeat(64);
  const real = { ADYEN_API_KEY: "AQEtest", ADYEN_MERCHANT_ACCOUNT: "EtalageNL", ADYEN_HMAC_KEY: key };

  it("starts with the API key, merchant account and a 64-hex HMAC key; without an API key needs none", () => {
    expect(loadConfig(real).ADYEN_HMAC_KEY).toBe(key);
    expect(loadConfig({}).ADYEN_API_KEY).toBeUndefined();
  });

  it("refuses to start with an API key but no HMAC key, or one that is not 64 hex characters, naming it", () => {
    expect(() => loadConfig({ ...real, ADYEN_HMAC_KEY: "" })).toThrow(/ADYEN_HMAC_KEY: required/);
    expect(() => loadConfig({ ...real, ADYEN_HMAC_KEY: "secret" })).toThrow(/ADYEN_HMAC_KEY: must be/);
    expect(() => loadConfig({ ...real, ADYEN_HMAC_KEY: "G".repeat(64) })).toThrow(/ADYEN_HMAC_KEY/);
  });

  it("refuses to start with an API key but no merchant account, naming it", () => {
    expect(() => loadConfig({ ...real, ADYEN_MERCHANT_ACCOUNT: undefined })).toThrow(
      /ADYEN_MERCHANT_ACCOUNT: required/,
    );
  });

  it("refuses LIVE without the live URL prefix, and takes it with one", () => {
    expect(() => loadConfig({ ...real, ADYEN_ENVIRONMENT: "LIVE" })).toThrow(
      /ADYEN_LIVE_URL_PREFIX: required/,
    );
    const live = loadConfig({
      ...real,
      ADYEN_ENVIRONMENT: "LIVE",
      ADYEN_LIVE_URL_PREFIX: "1797a841fbb37ca7-AdyenDemo",
    });
    expect(live.ADYEN_LIVE_URL_PREFIX).toBe("1797a841fbb37ca7-AdyenDemo");
    expect(() =>
      loadConfig({ ...real, ADYEN_ENVIRONMENT: "LIVE", ADYEN_LIVE_URL_PREFIX: "https://x.example" }),
    ).toThrow(/ADYEN_LIVE_URL_PREFIX/);
  });
});

describe("WEBHOOK_ENDPOINTS (issue 25)", () => {
  const secret = `whsec_${"c2VjcmV0".repeat(4)}`;

  it("reads endpoints with their secret and event filter", () => {
    expect(loadConfig({}).WEBHOOK_ENDPOINTS).toEqual([]);
    expect(
      loadConfig({ WEBHOOK_ENDPOINTS: `https://erp.example.nl/hooks ${secret} order.*` }).WEBHOOK_ENDPOINTS,
    ).toEqual([{ url: "https://erp.example.nl/hooks", secret, events: ["order.*"] }]);
  });

  it("refuses a bad one, naming the setting and never echoing a secret", () => {
    const wrong = "whsec_AAAA";
    expect(() => loadConfig({ WEBHOOK_ENDPOINTS: `https://erp.example.nl/hooks ${wrong}` })).toThrow(
      /WEBHOOK_ENDPOINTS: endpoint 1: the secret must encode 24 to 64 random bytes/,
    );
    expect(() => loadConfig({ WEBHOOK_ENDPOINTS: `${secret} https://erp.example.nl/hooks` })).toThrow(
      /^(?!.*c2VjcmV0).*WEBHOOK_ENDPOINTS: endpoint 1: the first field is not a URL/,
    );
  });

  it("takes a retry schedule, and a timeout shorter than the lease", () => {
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: "20ms,1s" }).WEBHOOK_RETRY_SCHEDULE).toEqual([20, 1000]);
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: "soon" })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(() => loadConfig({ WEBHOOK_LEASE_MS: "1000", WEBHOOK_TIMEOUT_MS: "1000" })).toThrow(
      /WEBHOOK_TIMEOUT_MS: must be shorter than WEBHOOK_LEASE_MS/,
    );
  });
});
