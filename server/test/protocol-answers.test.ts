/**
 * Answers the routes do not write themselves: requests Node or the router refuse, methods a path
 * does not take, CORS preflights, a page path that cannot name a page, and the headers every
 * answer carries (docs/decisions/0012-input-rules.md). Over real sockets, with the storefront.
 */
import { readdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storefrontBuild } from "../src/paths.ts";
import { requestAs } from "./helpers/host-request.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A request written by hand: what fetch refuses to send (unknown methods, huge headers). */
function rawRequest(url: string, head: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(head));
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [headers = "", body = ""] = data.split("\r\n\r\n");
      resolve({ status: Number(headers.split(" ")[1]), headers: headers.toLowerCase(), body });
    });
  });
}

const json = async (res: Response) => ({ status: res.status, headers: res.headers, body: await res.json() });

describe("requests that never reach a route", () => {
  it("headers too large answer 431 in the envelope", async () => {
    const res = await rawRequest(
      server.url,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers).toContain("x-content-type-options: nosniff");
    expect(JSON.parse(res.body)).toEqual({ code: 431, result: expect.stringMatching(/^headers: /) });
  });

  it("a method HTTP does not know answers 400 in the envelope", async () => {
    const res = await rawRequest(server.url, "FROBNICATE /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: 400, result: "method: Unknown HTTP method" });
  });

  it("a path that is not valid percent-encoding: the envelope under /api, the error page elsewhere", async () => {
    const api = await json(await server.get("/api/%zz"));
    expect(api.status).toBe(400);
    expect(api.body.result).toBe("url: is not valid percent-encoded text");
    const page = await server.get("/%zz");
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain("<title>Er is iets misgegaan");
  });
});

describe("methods", () => {
  it("a method the path does not take answers 405 with Allow", async () => {
    for (const method of ["PROPFIND", "SEARCH", "PUT"]) {
      const res = await fetch(`${server.url}/api/stock/check?sku=x`, { method });
      const body = await res.json();
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(body.code).toBe(405);
      expect(body.result).toMatch(/^method: /);
    }
    const get = await fetch(`${server.url}/api/url/map`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    await get.text();
  });

  it("an unknown path answers 404 whatever the method", async () => {
    for (const method of ["GET", "PROPFIND", "OPTIONS"]) {
      const res = await fetch(`${server.url}/api/no/such/thing`, { method });
      expect(res.status, method).toBe(404);
      expect((await res.json()).code).toBe(404);
    }
  });

  it("OPTIONS names the methods; a preflight from an origin not trusted is refused", async () => {
    const options = await json(await fetch(`${server.url}/api/url/map`, { method: "OPTIONS" }));
    expect(options.status).toBe(200);
    expect(options.body).toEqual({ code: 200, result: { methods: ["POST", "OPTIONS"] } });
    expect(options.headers.get("allow")).toBe("POST, OPTIONS");

    const preflight = await json(
      await fetch(`${server.url}/api/url/map`, {
        method: "OPTIONS",
        headers: { origin: "https://elders.example", "access-control-request-method": "POST" },
      }),
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.body.result).toMatch(/^origin: /);
  });

  it("an origin in CORS_ORIGINS gets its preflight and its answers", async () => {
    const trusting = await startTestServer({
      storefront: false,
      env: { CORS_ORIGINS: "https://merk.example" },
    });
    try {
      const preflight = await fetch(`${trusting.url}/api/url/map`, {
        method: "OPTIONS",
        headers: {
          origin: "https://merk.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      await preflight.text();
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get("access-control-allow-origin")).toBe("https://merk.example");
      expect(preflight.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
      expect(preflight.headers.get("access-control-allow-headers")).toContain("content-type");
      const res = await trusting.get("/api/health", { headers: { origin: "https://merk.example" } });
      await res.text();
      expect(res.headers.get("access-control-allow-origin")).toBe("https://merk.example");
      const stranger = await trusting.get("/api/health", { headers: { origin: "https://elders.example" } });
      await stranger.text();
      expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await trusting.close();
    }
  });
});

describe("page paths that cannot name a page", () => {
  it("a control character in the path or the query is the error page with 400, never a 500", async () => {
    for (const url of ["/assets/%00", "/c/schoenen%00", "/kleding/?q=%00", "/catalogsearch/result/?q=%1b"]) {
      const res = await server.get(url);
      const html = await res.text();
      expect(res.status, url).toBe(400);
      expect(html, url).toContain("<title>Er is iets misgegaan");
      expect(res.headers.get("cache-control"), url).toBe("no-store");
    }
  });
});

describe("headers on every answer", () => {
  const asset = readdirSync(path.join(storefrontBuild, "client", "assets")).find((f) => f.endsWith(".css"));

  it("nosniff, Permissions-Policy and Cross-Origin-Opener-Policy on API, images, assets, data and pages", async () => {
    for (const url of [
      "/api/health",
      "/api/no/such/thing",
      "/img/386/483/resize/product/shirt/navy/front.svg",
      `/assets/${asset}`,
      "/kleding.data",
      "/",
    ]) {
      const res = await server.get(url);
      await res.arrayBuffer();
      expect(res.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(res.headers.get("permissions-policy"), url).toContain("camera=()");
      expect(res.headers.get("cross-origin-opener-policy"), url).toBe("same-origin");
      expect(res.headers.get("strict-transport-security"), url).toBeNull();
    }
  });

  it("JSON answers carry a policy that allows nothing; pages keep their own with a nonce", async () => {
    const api = await server.get("/api/health");
    await api.text();
    expect(api.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await server.get("/");
    await page.text();
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' '(nonce|sha256)-/);
  });

  it("a page without PUBLIC_URL names the address it was reached on, never X-Forwarded-Host", async () => {
    const res = await server.get("/kleding/", { headers: { "x-forwarded-host": "nep.example" } });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).not.toContain("nep.example");
    expect(html).toContain(`rel="canonical" href="${server.url}/`);
  });
});

describe("a shop served over https", () => {
  it("sends Strict-Transport-Security and marks the cart cookie Secure", async () => {
    const https = await startTestServer({ env: { PUBLIC_URL: "https://www.etalage.example" } });
    try {
      const res = await https.get("/api/health");
      await res.text();
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      const product = https.services.catalog
        .snapshot()
        .products.find((p) => p.type_id === "simple" && p.status === 1 && p.visibility === 4)!;
      const posted = await requestAs(https, `/p/${product.sku}/${String(product.slug)}`, {
        method: "POST",
        headers: { host: "www.etalage.example", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ sku: product.sku, product_type: "simple", qty: "1" }).toString(),
      });
      const cookie = posted.setCookie.find((c) => c.startsWith("etalage_cart="));
      expect(cookie).toMatch(/; Secure$/);
    } finally {
      await https.close();
    }
  });
});
