import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAllowedSize } from "../src/images/sizes.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/*
 * Every picture the rendered shop links must be one /img renders: the pages are crawled as a
 * shopper gets them (home, a category with its CMS tiles, a product, a CMS page, the mega menu),
 * and one URL of each size found is asked for.
 */

const IMG = /\/img\/(\d+)\/(\d+)\/(resize|fit|crop)\/[^\s"'<>\\]+/g;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function html(path: string): Promise<string> {
  const res = await server.get(path);
  expect(res.status, path).toBe(200);
  return (await res.text()).replaceAll("&amp;", "&");
}

describe("the shop's pictures", () => {
  it("are all sizes /img renders, and each size answers 200", async () => {
    const category = await html("/c/schoenen");
    const product = /href="(\/[a-z0-9-]+-[a-z]{3}\d+\/)"/.exec(category)?.[1];
    expect(product).toBeDefined();
    const pages = [await html("/"), category, await html(product!), await html("/over-ons/")];

    const bySize = new Map<string, string>();
    for (const page of pages) {
      for (const match of page.matchAll(IMG)) {
        const [url, width, height, fit] = match;
        bySize.set(`${width}x${height} ${fit}`, url);
      }
    }
    // Product cards, their hover images, the gallery, CMS tiles and the menu's tiles.
    expect(bySize.size).toBeGreaterThan(8);
    const refused = [...bySize.keys()].filter((key) => {
      const [width, height] = key.split(/[x ]/).map(Number);
      return !isAllowedSize(width!, height!);
    });
    expect(refused).toEqual([]);
    for (const [size, url] of bySize) {
      const res = await server.get(url, { headers: { accept: "image/webp" } });
      expect(res.status, `${size}: ${url}`).toBe(200);
      await res.arrayBuffer();
    }
  });
});
