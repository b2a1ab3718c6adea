import { afterEach, describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy, createNonce } from "./security-headers.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

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

  it("allows style sheets from our own files only, and inline style attributes for data colours", () => {
    // Vitest runs in development mode, where Vite's injected <style> elements need inline styles.
    vi.stubEnv("DEV", false);
    const directives = contentSecurityPolicy(createNonce()).split("; ");
    expect(directives).toContain("style-src 'self'");
    expect(directives).toContain("style-src-attr 'unsafe-inline'");
    expect(directives.find((d) => d.startsWith("style-src "))).not.toContain("unsafe-inline");
  });
});
