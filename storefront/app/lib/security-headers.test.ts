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

  it("lets the browser reach a configured Elevate cluster, and nothing else, besides the shop (issue 30)", () => {
    vi.stubEnv("DEV", false);
    const connect = (options: Parameters<typeof contentSecurityPolicy>[1]) =>
      contentSecurityPolicy(createNonce(), options)
        .split("; ")
        .find((d) => d.startsWith("connect-src "));
    expect(connect({})).toBe("connect-src 'self'");
    expect(connect({ connect: ["https://w1337ed.api.esales.apptus.cloud"] })).toBe(
      "connect-src 'self' https://w1337ed.api.esales.apptus.cloud",
    );
  });

  it("lets Storyblok's visual editor frame the preview and load its bridge only when asked (issue 24)", () => {
    const plain = contentSecurityPolicy(createNonce()).split("; ");
    expect(plain).toContain("frame-ancestors 'self'");
    expect(plain.find((d) => d.startsWith("script-src "))).not.toContain("storyblok");
    const preview = contentSecurityPolicy(createNonce(), { cmsBridge: true }).split("; ");
    expect(preview).toContain("frame-ancestors 'self' https://app.storyblok.com");
    expect(preview.find((d) => d.startsWith("script-src "))).toMatch(/ https:\/\/app\.storyblok\.com$/);
  });
});
