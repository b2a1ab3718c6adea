import { createHash } from "node:crypto";
import http from "node:http";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAL_COOKIES } from "../src/ssr/html-cache-request.ts";
import { cmsEnv, createStory, editor, uniqueSlug } from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/*
 * The HTML output cache (docs/decisions/0008-html-output-cache.md) over real HTTP, with the
 * storefront build (ETALAGE_STOREFRONT_BUILD names a side-by-side one).
 */

const ADMIN = "html-cache-admin-token-0123";
const BR = { "accept-encoding": "br" };

interface Page {
  status: number;
  cache: string | null;
  body: Buffer;
  headers: Headers;
}

async function page(server: TestServer, path: string, headers: Record<string, string> = BR): Promise<Page> {
  if (headers.host) return pageOnHost(server, path, headers);
  // Node's fetch decompresses; the raw bytes are what the cache stores, so ask for them as sent.
  const res = await fetch(server.url + path, { headers, redirect: "manual" });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, cache: res.headers.get("x-cache"), body: bytes, headers: res.headers };
}

/** The page as asked for on the shop's own host (fetch sends the address it connects to). */
function pageOnHost(server: TestServer, path: string, headers: Record<string, string>): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: new URL(server.url).port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === "string") answer.set(name, value);
        resolve({
          status: res.statusCode ?? 0,
          cache: answer.get("x-cache"),
          body: Buffer.concat(chunks),
          headers: answer,
        });
      });
    });
    req.on("error", reject);
  });
}

/** Polls until `path` is no longer a hit: a publish's notice arrives just after its answer. */
async function untilMiss(server: TestServer, path: string, headers = BR): Promise<Page> {
  for (let i = 0; i < 60; i++) {
    const answer = await page(server, path, headers);
    if (answer.cache !== "HIT") return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} stayed cached`);
}

function html(answer: Page): string {
  // fetch has already undone the content encoding of what it hands back.
  return answer.body.toString();
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { ...cmsEnv, ADMIN_TOKEN: ADMIN } });
});

afterAll(async () => {
  if (!server) return;
  // On PostgreSQL every test file shares one database: the categories and products this file
  // imports must not show up in another file's category tree.
  const { db } = server.services.database;
  await db.execute("delete from stock where sku like 'CACHE-SP-%'");
  await db.execute("delete from products where sku like 'CACHE-SP-%'");
  await db.execute("delete from categories where id in (9301, 9302)");
  await server.close();
});

describe("HTML output cache", () => {
  it("answers a guest's second request from the cache, byte for byte, compressed as asked", async () => {
    const first = await page(server, "/c/schoenen");
    const second = await page(server, "/c/schoenen");
    expect(first.status).toBe(200);
    expect([first.cache, second.cache]).toEqual(["MISS", "HIT"]);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(second.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    // gzip is an entry of its own (a render of its own: its scripts carry another nonce).
    const gzipMiss = await page(server, "/c/schoenen", { "accept-encoding": "gzip" });
    const gzip = await page(server, "/c/schoenen", { "accept-encoding": "gzip" });
    expect([gzipMiss.cache, gzip.cache, gzip.headers.get("content-encoding")]).toEqual([
      "MISS",
      "HIT",
      "gzip",
    ]);
    expect(gzip.body.equals(gzipMiss.body)).toBe(true);
  });

  it("gives a cached page a policy of script hashes, never a nonce, that covers every inline script", async () => {
    await page(server, "/over-ons/");
    const hit = await page(server, "/over-ons/");
    expect(hit.cache).toBe("HIT");
    const policy = hit.headers.get("content-security-policy") ?? "";
    const scriptSrc = policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("'nonce-");
    const inline = [...html(hit).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes, body]) => !/\bsrc=/.test(attributes ?? "") && body,
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , body] of inline) {
      const hash = createHash("sha256")
        .update(body ?? "")
        .digest("base64");
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
    // An uncached page keeps its per-response nonce.
    const search = await page(server, "/catalogsearch/result/?q=jas");
    expect(search.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
  });

  it("serves guests whose cookies do not change the page, and renders for a session, preview or credentials", async () => {
    await page(server, "/");
    // The cart id, analytics and consent: the same guest HTML, from the cache.
    for (const cookie of [
      "etalage_cart=c0ffee",
      "_ga=GA1.2.3.4; _gid=GA1.2.5",
      "consent=all; etalage_cart=x",
    ]) {
      const answer = await page(server, "/", { ...BR, cookie });
      expect([answer.status, answer.cache]).toEqual([200, "HIT"]);
    }
    // A page first rendered for a shopper with such a cookie is stored for everybody.
    const path = "/c/accessoires";
    expect((await page(server, path, { ...BR, cookie: "_ga=GA1.2.3.4" })).cache).toBe("MISS");
    expect((await page(server, path)).cache).toBe("HIT");

    expect(PERSONAL_COOKIES).toEqual(expect.arrayContaining(["etalage_session", "etalage_preview"]));
    const personal: Record<string, string>[] = [
      ...PERSONAL_COOKIES.map((name) => ({ cookie: `_ga=GA1.2.3.4; ${name}=abc` })),
      { authorization: "Bearer x" },
    ];
    for (const headers of personal) {
      for (let i = 0; i < 2; i++) {
        const answer = await page(server, "/", { ...BR, ...headers });
        expect(answer.status).toBe(200);
        expect(answer.cache).toBe("BYPASS");
      }
    }
    // A cookie whose name only contains a listed one is not that cookie.
    expect((await page(server, "/", { ...BR, cookie: "x_etalage_session=1" })).cache).toBe("HIT");
    for (const path of ["/storyblok?id=1&token=x", "/catalogsearch/result/?q=jas", "/c/schoenen.data"]) {
      await page(server, path);
      expect((await page(server, path)).cache).toBe("BYPASS");
    }
    // A page that is not there, or moved, renders every time.
    for (const path of ["/bestaat-niet-xyz/", "/over-ons"]) {
      const first = await page(server, path);
      const second = await page(server, path);
      expect(first.status).not.toBe(200);
      expect([first.cache, second.cache]).toEqual(["MISS", "MISS"]);
    }
  });

  it("drops exactly the pages that show a story when it is published", async () => {
    const slug = uniqueSlug("cache");
    await createStory(server, { slug, html: "<p>Ongewijzigd</p>", publish: true });
    const other = `/${slug}/`;
    await page(server, "/");
    await page(server, other);
    expect((await page(server, "/")).cache).toBe("HIT");
    expect((await page(server, other)).cache).toBe("HIT");

    const home = (
      await fetch(`${server.url}/api/ext/vsf-storyblok-extension/story/home`).then((r) => r.json())
    ).result.story;
    const content = structuredClone(home.content);
    content.body[0].title = "Nieuw in de etalage";
    expect((await editor(server, "PUT", `/stories/${home.id}`, { content })).status).toBe(200);
    expect((await editor(server, "POST", `/stories/${home.id}/publish`)).status).toBe(200);

    const fresh = await untilMiss(server, "/");
    expect(fresh.cache).toBe("MISS");
    expect(html(fresh)).toContain("Nieuw in de etalage");
    expect((await page(server, "/")).cache).toBe("HIT");
    // The content page does not show the home story: still cached.
    expect((await page(server, other)).cache).toBe("HIT");
  });

  it("drops every page that shows the shell when a layout story is published, also pages that reused its blocks", async () => {
    // The shell's blocks are computed once per content version (docs/decisions/0037): the second
    // page reuses the first's, and must be tagged with the stories they were read from all the same.
    for (const path of ["/", "/c/kleding"]) await page(server, path);
    for (const path of ["/", "/c/kleding"]) expect((await page(server, path)).cache).toBe("HIT");

    const points = (
      await fetch(`${server.url}/api/ext/vsf-storyblok-extension/story/layout/selling-points`).then((r) =>
        r.json(),
      )
    ).result.story;
    const content = structuredClone(points.content);
    content.body[0].labelBold = "Vandaag besteld";
    expect((await editor(server, "PUT", `/stories/${points.id}`, { content })).status).toBe(200);
    expect((await editor(server, "POST", `/stories/${points.id}/publish`)).status).toBe(200);

    for (const path of ["/c/kleding", "/"]) {
      const fresh = await untilMiss(server, path);
      expect(fresh.cache).toBe("MISS");
      expect(html(fresh)).toContain("Vandaag besteld");
    }
  });

  it("drops the catalogue's pages when the catalogue changes", async () => {
    await page(server, "/c/kleding");
    expect((await page(server, "/c/kleding")).cache).toBe("HIT");
    const line = {
      type: "category",
      data: {
        id: 9301,
        parent_id: 2,
        level: 2,
        name: "Cachetest",
        slug: "cache-test",
        is_active: true,
        position: 98,
        path: "1/2/9301",
        url_key: "cache-test",
        url_path: "cache-test",
      },
    };
    const res = await fetch(`${server.url}/api/admin/catalog/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/x-ndjson" },
      body: `${JSON.stringify(line)}\n`,
    });
    expect(res.status).toBe(200);
    // The import answers once its change shows, and the cache is dropped before that.
    const after = await page(server, "/c/kleding");
    expect(after.cache).toBe("MISS");
  });
});

describe("special prices in cached pages", () => {
  /** A product of the test category whose special price window is set by the test. */
  function product(id: number, window: { special_from_date?: string; special_to_date?: string }) {
    const sku = `CACHE-SP-${id}`;
    return {
      type: "product",
      data: {
        id,
        sku,
        name: `Cachetest sokken ${id}`,
        type_id: "simple",
        status: 1,
        visibility: 4,
        url_key: `cachetest-sokken-${id}`,
        url_path: `cachetest-sokken-${id}`,
        slug: `cachetest-sokken-${id}`,
        image: "/product/shirt/navy/front.svg",
        price: 20,
        special_price: 10,
        ...window,
        tax_class_id: 2,
        stock: { qty: 10, is_in_stock: true, manage_stock: true },
        category: [{ category_id: 9302, name: "Cachetest prijzen", position: 1 }],
        category_ids: [9302],
      },
    };
  }

  it("keeps a page no longer than the special prices it shows hold, ending or starting", async () => {
    // Far enough ahead that each page renders (and is stored) well before it.
    const boundary = Date.now() + 8_000;
    const at = new Date(boundary).toISOString();
    const lines = [
      {
        type: "category",
        data: {
          id: 9302,
          parent_id: 2,
          level: 2,
          name: "Cachetest prijzen",
          slug: "cachetest-prijzen",
          is_active: true,
          position: 99,
          path: "1/2/9302",
          url_key: "cachetest-prijzen",
          url_path: "cachetest-prijzen",
        },
      },
      product(9401, { special_from_date: "2024-01-01 00:00:00", special_to_date: at }),
      product(9402, { special_from_date: at, special_to_date: "2099-12-31 23:59:59" }),
    ];
    const res = await fetch(`${server.url}/api/admin/catalog/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/x-ndjson" },
      body: lines.map((line) => JSON.stringify(line)).join("\n"),
    });
    expect(res.status, await res.text()).toBe(200);

    const listing = "/c/cachetest-prijzen";
    const ending = "/cachetest-sokken-9401/";
    const starting = "/cachetest-sokken-9402/";
    // A page with no special price window ahead of its own.
    const control = "/over-ons/";
    for (const path of [listing, ending, starting, control]) {
      const first = await page(server, path);
      expect([path, first.status, first.cache]).toEqual([path, 200, "MISS"]);
      expect([path, (await page(server, path)).cache]).toEqual([path, "HIT"]);
    }
    // The listing shows the ending one's special price (€ 12,10 incl. 21 % tax), not yet the other's.
    expect(html(await page(server, listing))).toContain("12,10");

    expect(html(await page(server, ending))).toContain("12,10");
    expect(html(await page(server, starting))).not.toContain("12,10");

    // The index re-prices at the boundary (docs/decisions/0003): the rebuild that does it takes a
    // moment after it, longer on a busy machine, so the prices are checked once it has finished.
    const repriced = new Promise<void>((resolve) => {
      const stop = server.services.catalogEvents.onRebuilt(() => {
        if (Date.now() < boundary) return;
        stop();
        resolve();
      });
    });
    await new Promise((resolve) => setTimeout(resolve, boundary - Date.now() + 200));
    for (const path of [listing, ending, starting]) {
      expect([path, (await page(server, path)).cache]).toEqual([path, "MISS"]);
    }
    await repriced;
    // The pages are rendered anew with the prices of after the boundary, and the refresh has
    // dropped every catalogue page, the control's too.
    const endedPage = html(await page(server, ending));
    expect(endedPage).toContain("24,20");
    expect(endedPage).not.toContain("12,10");
    expect(html(await page(server, starting))).toContain("12,10");
  }, 30_000);
});

describe("HTML_CACHE=off", () => {
  it("renders every request and says nothing about a cache", async () => {
    const plain = await startTestServer({ env: { HTML_CACHE: "off" } });
    try {
      const answer = await page(plain, "/c/schoenen");
      expect(answer.status).toBe(200);
      expect(answer.cache).toBeNull();
      expect((await page(plain, "/c/schoenen")).cache).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it("shows a catalogue change on the next render of a listing it rendered before", async () => {
    // A listing's page is computed once per catalogue version (issue 27): the import's rebuild drops it.
    const plain = await startTestServer({ env: { HTML_CACHE: "off", ADMIN_TOKEN: ADMIN } });
    const send = async (line: unknown) => {
      const res = await fetch(`${plain.url}/api/admin/catalog/import`, {
        method: "POST",
        headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/x-ndjson" },
        body: `${JSON.stringify(line)}\n`,
      });
      expect(res.status).toBe(200);
    };
    try {
      await send({
        type: "category",
        data: {
          id: 9311,
          parent_id: 2,
          level: 2,
          name: "Memotest",
          slug: "memo-test",
          is_active: true,
          position: 97,
          path: "1/2/9311",
          url_key: "memo-test",
          url_path: "memo-test",
        },
      });
      const before = html(await page(plain, "/c/memo-test"));
      expect(before).not.toContain("Memotest sokken");
      expect(html(await page(plain, "/c/memo-test"))).not.toContain("Memotest sokken");
      await send({
        type: "product",
        data: {
          id: 93110,
          sku: "MEMO-1",
          name: "Memotest sokken",
          type_id: "simple",
          status: 1,
          visibility: 4,
          url_key: "memotest-sokken",
          url_path: "memotest-sokken",
          slug: "memotest-sokken",
          image: "/product/shirt/navy/front.svg",
          price: 20,
          tax_class_id: 2,
          stock: { qty: 10, is_in_stock: true, manage_stock: true },
          category: [{ category_id: 9311, name: "Memotest", position: 1 }],
          category_ids: [9311],
        },
      });
      expect(html(await page(plain, "/c/memo-test"))).toContain("Memotest sokken");
    } finally {
      await plain.close();
    }
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

describe.skipIf(!(await redisAnswers()))("HTML cache in Redis, shared by two instances", () => {
  it("serves one instance's page from the other, and a publish on one drops it for both", async () => {
    const prefix = `etalage-test:${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}:`;
    // One shop behind a load balancer: both instances are the same host.
    const env = { ...cmsEnv, REDIS_URL, HTML_CACHE_PREFIX: prefix, PUBLIC_URL: "http://winkel.test" };
    const onHost = { ...BR, host: "winkel.test" };
    const [a, b] = await Promise.all([startTestServer({ env }), startTestServer({ env })]);
    const redis = new Redis(REDIS_URL);
    try {
      const first = await page(a, "/", onHost);
      expect(first.cache).toBe("MISS");
      // A stores the page once it has answered: B asks when the entry (and its tags) are in Redis.
      await expect
        .poll(async () => (await redis.smembers(`${prefix}tag:story:home`)).length)
        .toBeGreaterThan(0);
      const fromB = await page(b, "/", onHost);
      expect(fromB.cache).toBe("HIT");
      expect(fromB.body.equals(first.body)).toBe(true);
      expect((await redis.smembers(`${prefix}tag:story:home`)).length).toBeGreaterThan(0);

      const home = (await fetch(`${a.url}/api/ext/vsf-storyblok-extension/story/home`).then((r) => r.json()))
        .result.story;
      const content = structuredClone(home.content);
      content.body[0].title = "Gedeeld nieuws";
      await editor(a, "PUT", `/stories/${home.id}`, { content });
      expect((await editor(a, "POST", `/stories/${home.id}/publish`)).status).toBe(200);
      // B has its own database copy here, so only A hears the publish: B sees it through Redis.
      expect((await untilMiss(b, "/", onHost)).cache).toBe("MISS");
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await Promise.all([a.close(), b.close()]);
    }
  });
});
