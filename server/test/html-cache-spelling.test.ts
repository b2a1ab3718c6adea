import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_WORDS } from "../src/ssr/html-cache-request.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/*
 * The HTML cache reads a path as React Router does (docs/decisions/0015): whatever spelling the
 * router takes for a never-cached route is never cached either, and the spellings of a cacheable
 * page other than the one the shop links render without being stored.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/** The cache's verdict on a raw request path, sent as is (fetch would tidy some spellings up). */
function xCache(path: string): Promise<{ status: number; cache: string | undefined }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers: { "accept-encoding": "br" } }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, cache: res.headers["x-cache"] as string }),
        );
      })
      .on("error", reject);
  });
}

const hex = (c: string) => c.charCodeAt(0).toString(16);

/** Spellings the router reads as `path`: letters in other cases, percent-encoded (either hex case). */
function spellings(path: string): string[] {
  const [pathname = "", query] = path.split("?");
  const withQuery = (p: string) => (query === undefined ? p : `${p}?${query}`);
  const letters = [...pathname].flatMap((c, i) => (/[a-z]/.test(c) ? [i] : []));
  const replace = (i: number, by: string) => pathname.slice(0, i) + by + pathname.slice(i + 1);
  const out = new Set<string>([
    pathname.toUpperCase(),
    pathname.replace(/\/([a-z])/g, (_, c: string) => `/${c.toUpperCase()}`),
    [...pathname].map((c) => (/[a-z]/.test(c) ? `%${hex(c)}` : c)).join(""),
    [...pathname].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join(""),
  ]);
  for (const i of letters) {
    const c = pathname[i]!;
    out.add(replace(i, c.toUpperCase()));
    out.add(replace(i, `%${hex(c)}`));
    out.add(replace(i, `%${hex(c).toUpperCase()}`));
    out.add(replace(i, `%${hex(c.toUpperCase())}`));
  }
  out.delete(pathname);
  return [...out].map(withQuery);
}

describe("never-cached routes, in every spelling", () => {
  it.each([
    "/catalogsearch/result/?q=jas",
    "/storyblok",
    "/storyblok-empty",
    "/storyblok?id=1&token=x",
    "/error",
  ])("%s is BYPASS however it is spelled", async (path) => {
    expect((await xCache(path)).cache).toBe("BYPASS");
    const variants = spellings(path);
    expect(variants.length).toBeGreaterThan(10);
    const cached: string[] = [];
    for (const variant of variants) {
      const { cache } = await xCache(variant);
      if (cache !== "BYPASS") cached.push(`${variant}: ${cache}`);
    }
    expect(cached).toEqual([]);
  });

  it("reads dot segments and backslashes as the router does", async () => {
    for (const path of [
      "/c/../storyblok",
      "/./catalogsearch/result/?q=jas",
      "/%2e%2e/storyblok",
      "/x/..\\storyblok",
    ])
      expect((await xCache(path)).cache, path).toBe("BYPASS");
  });
});

describe("cacheable pages in another spelling", () => {
  it("render but are not stored, while the shop's own spelling is", async () => {
    for (const path of ["/c/schoenen", "/schoenen/", "/over-ons/", "/pwa.html"]) {
      await xCache(path);
      expect(await xCache(path), path).toEqual({ status: 200, cache: "HIT" });
    }
    for (const path of [
      "/C/schoenen",
      "/c/%73choenen",
      "/c/%73%63hoenen",
      "/c/schoenen//",
      "/c/schoenen///",
      "/%73choenen/",
      "/schoenen//",
      "/over-ons//",
      "/over%2Dons/",
      "/PWA.html",
      "/pwa%2ehtml",
    ]) {
      for (let i = 0; i < 2; i++) expect(await xCache(path), path).toMatchObject({ cache: "BYPASS" });
    }
  });

  it("knows every route word of the storefront's route table", async () => {
    const { default: routes } = await import("../../storefront/app/routes.ts");
    const words = new Set<string>();
    const walk = (entries: readonly { path?: string; children?: unknown }[]) => {
      for (const entry of entries) {
        const first = entry.path?.split("/")[0];
        if (first && !first.startsWith(":") && first !== "*") words.add(first.toLowerCase());
        if (Array.isArray(entry.children)) walk(entry.children);
      }
    };
    walk(routes);
    expect([...words].sort()).toEqual([...ROUTE_WORDS].sort());
  });
});
