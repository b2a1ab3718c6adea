import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
const ADMIN_TOKEN = "foundation-admin-token-0123456789";
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_TOKEN } });
});
afterAll(() => server?.close());

describe("GET /api/health", () => {
  it("tells anyone only whether the shop serves (issue 31 item 7)", async () => {
    const variants: Record<string, string>[] = [{}, { authorization: "Bearer not-the-admin-token-0000" }];
    for (const headers of variants) {
      const res = await server.get("/api/health", { headers });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ code: 200, result: { status: "ok" } });
    }
  });

  it("reports the database and the catalogue index to the admin token", async () => {
    const res = await server.get("/api/health", { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.code).toBe(200);
    expect(body.result.status).toBe("ok");
    expect(body.result.database).toEqual({ kind: expect.stringMatching(/pglite|postgres/), ok: true });
    expect(body.result.index.ready).toBe(true);
    expect(body.result.index.products).toBeGreaterThanOrEqual(1400);
    expect(body.result.index.categories).toBeGreaterThanOrEqual(20);
    expect(body.result.uptime).toBeGreaterThanOrEqual(0);
  });

  it("carries a request id, echoing a sane incoming one", async () => {
    const minted = await server.get("/api/health");
    expect(minted.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await server.get("/api/health", { headers: { "x-request-id": "lb-1234" } });
    expect(echoed.headers.get("x-request-id")).toBe("lb-1234");
    const refused = await server.get("/api/health", { headers: { "x-request-id": "<script>" } });
    expect(refused.headers.get("x-request-id")).not.toBe("<script>");
  });
});

describe("the API envelope", () => {
  it("answers malformed JSON with a 400 that names the body", async () => {
    const res = await server.post("/api/health", "{not json");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(400);
    expect(body.result).toMatch(/^body: /);
    expect(body.meta.errors[0].path).toBe("body");
  });

  it("answers an unknown API path with a 404 envelope, not the HTML page", async () => {
    const res = await server.get("/api/does-not-exist?x=1");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ code: 404, result: "No API route for GET /api/does-not-exist" });
  });

  it("refuses an oversized body with 413, not a 500", async () => {
    const res = await server.post("/api/health", JSON.stringify({ x: "a".repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe(413);
  });
});

describe("GET /api/openapi.json", () => {
  it("describes the routes from their schemas", async () => {
    const res = await server.get("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/health"].get.responses["200"]).toBeDefined();
  });
});

describe("the storefront", () => {
  it("server-renders the home page in Dutch", async () => {
    const res = await server.get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<html lang="nl"/);
    expect(html).toContain('title="Startpagina"');
    expect(html).toContain("Kleding");
  });

  it("serves the home page under /pwa.html too", async () => {
    const res = await server.get("/pwa.html");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('title="Startpagina"');
  });

  it("answers an unmatched path with the not-found page and status 404", async () => {
    const res = await server.get("/dit/bestaat/niet");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Pagina niet gevonden");
  });

  it("compresses HTML for clients that accept brotli", async () => {
    const res = await server.get("/", { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
  });

  it("serves hashed assets with immutable caching", async () => {
    const html = await (await server.get("/")).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const res = await server.get(asset!, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toMatch(/br|gzip/);
  });
});
