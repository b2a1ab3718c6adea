import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "./security-headers.ts";

describe("createNonce", () => {
  it("gives 128 random bits per response, never the same twice, also across pool refills", () => {
    const nonces = Array.from({ length: 1000 }, createNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("is what the policy allows scripts by", () => {
    const nonce = createNonce();
    expect(contentSecurityPolicy(nonce)).toContain(`script-src 'self' 'nonce-${nonce}'`);
  });
});
