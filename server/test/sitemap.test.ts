import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestAs } from "./helpers/host-request.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
const ORIGIN = "https://www.etalage.example";

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: ORIGIN } });
});
afterAll(() => server?.close());

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
const local = (url: string) => url.replace(ORIGIN, "");

describe("robots.txt", () => {
  it("names the sitemap and keeps checkout, account, search results and previews out", async () => {
    const res = await server.get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of [
      "/checkout",
      "/my-account",
      "/catalogsearch/",
      "/storyblok",
      "/*?*_storyblok",
      "/api/",
    ])
      expect(text).toContain(`Disallow: ${path}\n`);
  });
});

describe("sitemaps", () => {
  let files: string[];
  const pageUrls: string[] = [];

  it("answers an index of paged sitemaps with lastmod", async () => {
    const res = await server.get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    files = locs(xml);
    expect(files.map((f) => local(f).replace(/-\d+\.xml$/, ""))).toEqual(
      expect.arrayContaining([
        "/sitemaps/categories",
        "/sitemaps/products",
        "/sitemaps/pages",
        "/sitemaps/stores",
      ]),
    );
    expect(xml.match(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/g)?.length).toBe(files.length);
  });

  it("lists categories, products with their images, CMS pages and store pages", async () => {
    for (const file of files) {
      const res = await server.get(local(file));
      expect(res.status, file).toBe(200);
      const xml = await res.text();
      expect(xml).toContain("<urlset");
      const urls = locs(xml).filter((u) => !u.includes("/img/"));
      expect(urls.length, file).toBeGreaterThan(0);
      if (file.includes("products")) {
        expect(xml).toMatch(
          /<image:image><image:loc>https:\/\/www\.etalage\.example\/img\/1200\/1488\/resize\//,
        );
        pageUrls.push(...urls.slice(0, 25));
      } else pageUrls.push(...urls);
    }
    expect(pageUrls).toContain(`${ORIGIN}/`);
    expect(pageUrls.some((u) => u.startsWith(`${ORIGIN}/storelocator/`))).toBe(true);
  });

  it("lists only URLs that answer 200", async () => {
    // Asked for on the shop's own host: another one is redirected there (issue 23).
    const host = new URL(ORIGIN).host;
    for (const url of pageUrls) {
      const res = await requestAs(server, local(url), { headers: { host } });
      expect(res.status, url).toBe(200);
    }
    // A product image as listed is one the resizer renders.
    const xml = await (await server.get("/sitemaps/products-1.xml")).text();
    const image = /<image:loc>([^<]+)<\/image:loc>/.exec(xml)![1]!;
    expect((await server.get(local(image))).status).toBe(200);
  });

  it("answers 404 for a sitemap that does not exist", async () => {
    expect((await server.get("/sitemaps/products-999.xml")).status).toBe(404);
    expect((await server.get("/sitemaps/secrets-1.xml")).status).toBe(404);
  });
});
