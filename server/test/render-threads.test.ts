import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storefrontBuild } from "../src/paths.ts";
import { RenderThreads } from "../src/ssr/render-pool.ts";
import { requestAs } from "./helpers/host-request.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/*
 * Whole pages rendered on a render thread (docs/decisions/0011-render-threads.md) are the same
 * bytes as pages rendered in the request thread, and a thread that cannot render leaves the
 * shopper none the wiser.
 */

const PAGES = [
  "/",
  "/kleding/overhemden/",
  "/kleding/overhemden/?color=53&sort=price_asc&page=2",
  "/c/schoenen",
  "/catalogsearch/result/?q=overhemd",
  "/p/bestaat-niet/nergens/",
  "/pagina-die-niet-bestaat/",
];

/** The nonce is fresh per response; everything else must be equal. */
function withoutNonce(html: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/nonce-[A-Za-z0-9+/=]+/g, "nonce-");
}

/** Both servers asked as one host: without PUBLIC_URL a page names the host it was reached on. */
async function page(server: TestServer, path: string) {
  const res = await requestAs(server, path, { headers: { host: "winkel.test" } });
  return { status: res.status, html: withoutNonce(res.body) };
}

let threaded: TestServer;
let inline: TestServer;
const rendered = vi.spyOn(RenderThreads.prototype, "render");

beforeAll(async () => {
  const env = { HTML_CACHE: "off" };
  [threaded, inline] = await Promise.all([
    startTestServer({ env: { ...env, SSR_RENDER_THREADS: "1" } }),
    startTestServer({ env: { ...env, SSR_RENDER_THREADS: "0" } }),
  ]);
});

afterAll(async () => {
  await Promise.all([threaded?.close(), inline?.close()]);
});

describe("render threads", () => {
  it("render whole pages to the same bytes as the request thread", async () => {
    for (const path of PAGES) {
      const [fromThread, fromRequestThread] = await Promise.all([page(threaded, path), page(inline, path)]);
      expect(fromThread.status, path).toBe(fromRequestThread.status);
      expect(fromThread.html === fromRequestThread.html, `${path} differs`).toBe(true);
    }
    // The listing pages went to the thread (an error page stays in the request thread).
    const answers = await Promise.all(
      rendered.mock.results.map((r) => r.value as Promise<Uint8Array | null>),
    );
    expect(answers.filter((bytes) => bytes !== null).length).toBeGreaterThanOrEqual(5);
  });

  it("serve many pages at once, each its own", async () => {
    const paths = Array.from({ length: 24 }, (_, i) => `/kleding/overhemden/?page=${(i % 3) + 1}`);
    const pages = await Promise.all(paths.map((p) => page(threaded, p)));
    for (const [i, answer] of pages.entries()) {
      expect(answer.status).toBe(200);
      const page = (i % 3) + 1;
      // The canonical of page n names page n: no answer got another request's render.
      const canonical = answer.html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      expect(
        canonical?.endsWith(page === 1 ? "/kleding/overhemden/" : `/kleding/overhemden/?page=${page}`),
      ).toBe(true);
    }
  });
});

describe("a render thread that cannot render", () => {
  const log = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

  it("answers null (the request thread renders) when the build cannot be loaded, and warns once", async () => {
    const logger = log();
    const threads = new RenderThreads(1, "/nowhere/server/index.js", logger);
    try {
      expect(await threads.render({ url: "http://shop/" })).toBeNull();
      expect(await threads.render({ url: "http://shop/" })).toBeNull();
      expect(logger.warn).toHaveBeenCalledTimes(1);
    } finally {
      await threads.close();
    }
  });

  it("starts no thread once the server has closed (a page still in its loaders renders here)", async () => {
    const threads = new RenderThreads(1, path.join(storefrontBuild, "server", "index.js"), log());
    await threads.close();
    expect(await threads.render({ url: "http://shop/" })).toBeNull();
    expect((threads as unknown as { pool?: unknown }).pool).toBeUndefined();
  });

  it("answers null for a page that is not plain data", async () => {
    const logger = log();
    const threads = new RenderThreads(1, path.join(storefrontBuild, "server", "index.js"), logger);
    try {
      expect(await threads.render({ url: "http://shop/", notData: () => 1 })).toBeNull();
      expect(logger.warn).toHaveBeenCalledTimes(1);
    } finally {
      await threads.close();
    }
  });
});
