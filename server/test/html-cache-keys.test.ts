import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../src/paths.ts";
import { CHILD_SKU_KEY, LISTING_KEYS, PRICE_FORM_KEYS } from "../src/ssr/html-cache-key.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/*
 * The HTML cache's key (docs/decisions/0015): only the query parameters a page reads, in one order
 * and spelling; page numbers that are no page; and a store in which made-up query strings cannot
 * push out the shop's plain pages.
 */

const BR = { "accept-encoding": "br" };

interface Page {
  status: number;
  cache: string | null;
  body: Buffer;
  location: string | null;
}

async function page(server: TestServer, p: string, headers: Record<string, string> = BR): Promise<Page> {
  const res = await fetch(server.url + p, { headers, redirect: "manual" });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    cache: res.headers.get("x-cache"),
    body,
    location: res.headers.get("location"),
  };
}

/** The document without what differs per render by design (each render's script nonce). */
const withoutNonces = (html: Buffer) => html.toString().replace(/ nonce="[^"]*"/g, "");

let server: TestServer;
let product: string;

beforeAll(async () => {
  server = await startTestServer();
  const listing = (await page(server, "/c/schoenen", {})).body.toString();
  product = /href="(\/[a-z0-9-]+-[a-z]{3}\d+\/)"/.exec(listing)?.[1] ?? "";
  expect(product).not.toBe("");
});

afterAll(async () => {
  await server?.close();
});

describe("the HTML cache key", () => {
  it("leaves out campaign tags and keys no page reads", async () => {
    const plain = await page(server, "/c/schoenen?color=49");
    expect([plain.status, plain.cache]).toEqual([200, "MISS"]);
    const tagged = await page(
      server,
      "/c/schoenen?utm_source=nieuwsbrief&utm_medium=email&utm_campaign=x&gclid=1&fbclid=2&msclkid=3&foo=bar&color=49",
    );
    expect(tagged.cache).toBe("HIT");
    expect(tagged.body.equals(plain.body)).toBe(true);
  });

  it("stores a page rendered for a campaign URL as exactly the page of the plain URL", async () => {
    const identity = { "accept-encoding": "identity" };
    const tagged = await page(server, "/c/kleding?utm_source=x&color=50&fbclid=y", identity);
    expect(tagged.cache).toBe("MISS");
    const hit = await page(server, "/c/kleding?color=50", identity);
    expect(hit.cache).toBe("HIT");
    // What the plain URL renders on its own, past the cache.
    const own = await page(server, "/c/kleding?color=50", { ...identity, authorization: "Bearer x" });
    expect(own.cache).toBe("BYPASS");
    expect(withoutNonces(hit.body)).toBe(withoutNonces(own.body));
  });

  it("reads the listing's parameters in any order and spelling the listing reads alike", async () => {
    expect((await page(server, "/c/schoenen?size=106&color=49,51")).cache).toBe("MISS");
    for (const same of [
      "/c/schoenen?color=49,51&size=106",
      "/c/schoenen?color=49&color=51&size=106",
      "/c/schoenen?color=49%2C51&size=106&sort=category.position%3Aasc",
      "/c/schoenen?size=106&color=49,,51,49&page=1",
    ])
      expect((await page(server, same)).cache, same).toBe("HIT");
    // Another order of values is another order of chosen filters: a page of its own.
    expect((await page(server, "/c/schoenen?size=106&color=51,49")).cache).toBe("MISS");
  });

  it("answers a page number that is no page with the first page, from the same entry", async () => {
    const first = await page(server, "/c/accessoires");
    for (const p of ["abc", "0", "-2", "", "1", "1.5", "%20"]) {
      const answer = await page(server, `/c/accessoires?page=${p}`);
      expect([answer.status, answer.cache], p).toEqual([200, "HIT"]);
      expect(answer.body.equals(first.body)).toBe(true);
    }
  });

  it("sends a page past the last one to the last, also of an empty listing", async () => {
    const huge = await page(server, "/c/accessoires?page=99999999999");
    expect(huge.status).toBe(302);
    const last = huge.location ?? "";
    expect(last).toMatch(/^\/c\/accessoires\?page=\d+$/);
    expect((await page(server, "/c/accessoires?page=500")).location).toBe(last);
    expect((await page(server, last)).status).toBe(200);
    const empty = await page(server, "/c/accessoires?color=999999&page=3");
    expect([empty.status, empty.location]).toEqual([302, "/c/accessoires?color=999999"]);
  });

  it("keeps only what a product at its catalogue URL reads: a variant it has", async () => {
    await page(server, product);
    expect((await page(server, `${product}?utm_source=x&gclid=y`)).cache).toBe("HIT");
    // A listing parameter on a product page is no page of its own: rendered, not stored.
    for (let i = 0; i < 2; i++) expect((await page(server, `${product}?color=49`)).cache).toBe("MISS");
    for (let i = 0; i < 2; i++) expect((await page(server, `${product}?childSku=NOPE`)).cache).toBe("MISS");
    const html = (await page(server, product, {})).body.toString();
    const child = /childSku=([A-Z0-9-]+)/.exec(html)?.[1];
    expect(child).toBeDefined();
    expect((await page(server, `${product}?childSku=${child}`)).cache).toBe("MISS");
    expect((await page(server, `${product}?childSku=${child}&utm_source=x`)).cache).toBe("HIT");
  });

  it("keeps no parameter for a CMS page", async () => {
    await page(server, "/over-ons/");
    expect((await page(server, "/over-ons/?utm_campaign=zomer")).cache).toBe("HIT");
    for (let i = 0; i < 2; i++) expect((await page(server, "/over-ons/?page=2")).cache).toBe("MISS");
  });
});

describe("a flood of query strings", () => {
  it("cannot push the shop's plain pages out of the cache", async () => {
    const small = await startTestServer({ env: { HTML_CACHE_MAX_MB: "1" } });
    try {
      const plain = ["/", "/c/schoenen", "/over-ons/", product];
      for (const p of plain) expect((await page(small, p)).status).toBe(200);
      // Real listings (about 13 kB each, compressed): together more than the whole cache.
      for (let i = 0; i < 100; i++) {
        const answer = await page(small, `/c/schoenen?price=0-${101 + i}`);
        expect(answer.status).toBe(200);
      }
      for (const p of plain) expect((await page(small, p)).cache, p).toBe("HIT");
    } finally {
      await small.close();
    }
  });
});

/** Files whose query parameters are read only on routes the cache never stores. */
const NEVER_CACHED_READS: Record<string, readonly string[]> = {
  "routes/search.tsx": ["q", "from", "page"],
  // The preview's parameters, the shop's and Storyblok's visual editor's, read under /storyblok only
  // (the preview route and the shell's preview of the layout stories, isShellPreview).
  "lib/preview-params.ts": [
    "id",
    "token",
    "release",
    "spaceId",
    "timestamp",
    "_storyblok",
    "_storyblok_tk[space_id]",
    "_storyblok_tk[timestamp]",
    "_storyblok_tk[token]",
    "_storyblok_release",
  ],
  "features/cms/shell-blocks.ts": ["token"],
  // The newsletter's mailed links, under /nieuwsbrief only (issue 15).
  "features/newsletter/token-page.tsx": ["token"],
  // The back-in-stock modal's form fields (issue 14), read in the browser: no URL parameters.
  "pages/product/back-in-stock-modal.tsx": ["sku", "email"],
  // Accounts (issue 12): /login, /password and /my-account are never stored.
  "features/account/login-page.tsx": [
    "mode",
    "redirect",
    "email",
    "password",
    "password2",
    "firstname",
    "lastname",
  ],
  "pages/my-account/my-account-page.tsx": [
    "firstname",
    "lastname",
    "email",
    "newPassword",
    "newPassword2",
    "currentPassword",
    "default",
  ],
  "features/account/reset-page.tsx": ["token", "email", "password", "password2"],
  // The account modals' form fields (issue 29), read in the browser from their own forms.
  "features/account/address-modal.tsx": ["default"],
  "features/account/password-modal.tsx": ["newPassword", "newPassword2", "currentPassword"],
  // Whether home's route data is at hand offline (issue 23 item 9): a cache of route data, no URL.
  "lib/route-errors.ts": ["/"],
  // Checkout (issue 13): every /checkout… page is never stored.
  "routes/checkout-failed.tsx": ["orderId", "token", "method"],
  "routes/checkout-return.tsx": ["orderId", "token", "sessionId", "sessionResult", "redirectResult"],
  // A guest's order status from the confirmation mail: /bestelling is never stored.
  "routes/order-status.tsx": ["token"],
  // A return's label, opened with the same token (issue 25): /retour is never stored.
  "routes/return-label.tsx": ["token"],
  // The store locator answers no-cache (issue 18): its search is the shopper's own.
  "routes/storelocator.tsx": ["q", "lat", "lng"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the storefront's query parameters", () => {
  it("are all in the key of the pages that read them", () => {
    const app = path.join(projectRoot, "storefront", "app");
    const kept = new Set([...LISTING_KEYS, ...PRICE_FORM_KEYS, CHILD_SKU_KEY]);
    const dropped: string[] = [];
    for (const file of sourceFiles(app)) {
      const name = path.relative(app, file).split(path.sep).join("/");
      const text = readFileSync(file, "utf8");
      // URL parameters by name; headers and form data are read the same way, and are not.
      for (const [call, param = ""] of text.matchAll(
        /(?<!headers|FormData\([^)]*\))\.(?:get|getAll|has)\(\s*"([^"]+)"\s*\)/g,
      )) {
        if (kept.has(param) || NEVER_CACHED_READS[name]?.includes(param)) continue;
        // The back office (/beheer, issue 25) is never stored: its pages read what they like.
        if (name.startsWith("features/back-office/")) continue;
        dropped.push(`${name}: ${call}`);
      }
    }
    expect(dropped, "parameters a cached page reads but the cache key drops (html-cache-key.ts)").toEqual([]);
    // The price form's fields, which the category page reads through a list of its own.
    const data = readFileSync(path.join(app, "features/catalog/category-page-data.ts"), "utf8");
    const fields = /PRICE_FORM_FIELDS = \[([^\]]*)\]/.exec(data)?.[1]?.match(/"[^"]+"/g);
    expect(fields?.map((f) => f.slice(1, -1))).toEqual([...PRICE_FORM_KEYS]);
  });
});
