/** The CMS's public reads over the seeded demo content: stories, uuids, cms-data, search, URL mapping, media. */
import { assignUids, checkStoryContent, SHOP_PAYMENT_METHODS } from "@etalage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentDir } from "../src/services/cms/demo-content.ts";
import { cartClient, giftCardTo } from "./helpers/cart-fixtures.ts";
import { CMS_BASE, cmsEnv, getJson, type Json } from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: cmsEnv });
});
afterAll(() => server?.close());

describe("demo content", () => {
  it("validates against the block schemas, file by file (the files leave _uid to the import)", async () => {
    const documents = await readContentDir();
    let n = 0;
    const uid = () => `uid-${n++}`;
    expect(documents.map((d) => d.source)).toEqual([
      "categories.json",
      "home.json",
      "layout.json",
      "pages.json",
    ]);
    for (const { data } of documents) {
      for (const story of (data as Json).stories)
        expect(checkStoryContent(assignUids(story.content, uid))).toMatchObject({ ok: true });
    }
  });

  it("is published: home, menus, footer, selling points, category content and the content pages", async () => {
    const slugs = [
      "home",
      "layout/menu",
      "layout/footer",
      "layout/selling-points",
      ...["kleding", "schoenen", "accessoires", "nieuw", "sale"].map((c) => `categories/${c}`),
      "over-ons",
      "klantenservice",
      "verzenden-en-retourneren",
      // Issue 14: the footer's legal links and "Onze winkels" lead to pages, never to a 404.
      "algemene-voorwaarden",
      "privacyverklaring",
      "cookies",
      "storelocator",
    ];
    for (const slug of slugs) {
      const res = await getJson(server, `${CMS_BASE}/story/${slug}`);
      expect(res.status, slug).toBe(200);
      expect(res.body.result.story.full_slug).toBe(slug);
    }
  });

  it("has a home page with an image tile, a video tile, two carousels, a text and a banner", async () => {
    const { body } = await getJson(server, `${CMS_BASE}/story/home`);
    const story = body.result.story;
    expect(story).toMatchObject({ name: "Home", slug: "home", is_startpage: true, lang: "default" });
    const blocks = story.content.body as Json[];
    expect(blocks.map((b) => b.component)).toEqual([
      "tile",
      "tile",
      "carousel",
      "text",
      "carousel",
      "banner",
    ]);
    expect(blocks[0].asset.filename).toMatch(/\.svg$/);
    expect(blocks[1].asset.filename).toBe("/media/etalage-hero.webm");
    // Issue 14: an H.264 .mp4 beside the WebM, for browsers that play no WebM.
    expect(blocks[1].asset.sources).toEqual(["/media/etalage-hero.mp4"]);
    expect(blocks[1].asset.poster).toMatch(/^\/img\//);
    expect(blocks[2]).toMatchObject({ source: "category", categoryId: 40 });
    expect(blocks[4].source).toBe("skus");
    // Issue 14: whole rows of four on wide screens.
    expect(blocks[4].skus.length % 4).toBe(0);
    for (const block of blocks) expect(block._uid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("has a mega menu linking real categories, with cta tiles", async () => {
    const { body } = await getJson(server, `${CMS_BASE}/story/layout/menu`);
    const menu = body.result.story.content;
    expect(menu.body.map((i: Json) => i.name)).toEqual([
      "Kleding",
      "Schoenen",
      "Accessoires",
      "Nieuw",
      "Sale",
    ]);
    const paths = menu.body.flatMap((i: Json) =>
      [...i.columnOne, ...i.columnTwo].map((l: Json) => l.link.cached_url as string),
    );
    const { catalog } = server.services;
    const landing = (path: string) => path.match(/^l\/elevate\/(.+)$/)?.[1];
    for (const path of paths) {
      const target = catalog.categoryByUrlPath(path) ?? catalog.landingPageByUrlPath(landing(path) ?? "");
      expect(target, path).toBeDefined();
    }
    expect(menu.body[0].cta).toMatchObject({
      asset: { filename: "/img/755/503/crop/product/jacket/navy/front.svg" },
      buttonText: "Shop nu",
      displayOverlay: true,
    });
    expect(menu.topLevelSubItems.length).toBeGreaterThan(0);
    expect(menu.footerItems.length).toBeGreaterThan(0);
  });

  it("groups each panel's links under a heading they belong to, and sends gift tips to gifts (issue 14)", async () => {
    const { body } = await getJson(server, `${CMS_BASE}/story/layout/menu`);
    const columns = (body.result.story.content.body as Json[]).flatMap((item) => [
      { title: item.columnOneTitle, links: item.columnOne as Json[] },
      { title: item.columnTwoTitle, links: item.columnTwo as Json[] },
    ]);
    const { catalog } = server.services;
    for (const column of columns) {
      // A column of categories ("Soorten", "Bovenkleding") holds only categories below its item;
      // the shop-wide Nieuw and Sale belong under "Uitgelicht".
      if (column.title === "Uitgelicht" || column.links.length === 0) continue;
      for (const link of column.links) {
        const category = catalog.categoryByUrlPath(link.link.cached_url);
        expect(category?.level, `${link.name} under ${column.title}`).toBeGreaterThanOrEqual(3);
      }
    }
    const gifts = columns.flatMap((c) => c.links).filter((l) => /cadeau/i.test(l.name));
    expect(gifts.length).toBeGreaterThan(0);
    for (const gift of gifts) {
      const page = catalog.landingPageByUrlPath(gift.link.cached_url.replace(/^l\/elevate\//, ""));
      expect(page?.title, gift.name).toBe("Cadeaus onder € 50");
    }
  });

  it("has category content with tiles at positions 3 and 10 for every top-level category", async () => {
    for (const category of server.services.catalog.categoryTree()) {
      const { status, body } = await getJson(server, `${CMS_BASE}/story/categories/${category.url_path}`);
      expect(status, category.url_path).toBe(200);
      const content = body.result.story.content;
      expect(content.alternateTitle).toBeTruthy();
      expect(content.grid.map((t: Json) => t.position)).toEqual([3, 10]);
    }
  });

  it("serves the hero video with range requests", async () => {
    const full = await server.get("/media/etalage-hero.webm");
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("video/webm");
    const bytes = Buffer.from(await full.arrayBuffer());
    expect(bytes.subarray(0, 4).toString("hex")).toBe("1a45dfa3"); // EBML magic
    const part = await server.get("/media/etalage-hero.webm", { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    expect((await server.get("/media/../package.json")).status).toBe(404);
  });

  it("serves the hero video as H.264 in MP4 too (issue 14)", async () => {
    const mp4 = await server.get("/media/etalage-hero.mp4");
    expect(mp4.status).toBe(200);
    expect(mp4.headers.get("content-type")).toBe("video/mp4");
    const bytes = Buffer.from(await mp4.arrayBuffer());
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(bytes.includes(Buffer.from("avc1"))).toBe(true);
    // faststart: the index comes before the frames, so playback starts before the download ends.
    expect(bytes.indexOf(Buffer.from("moov"))).toBeLessThan(bytes.indexOf(Buffer.from("mdat")));
  });
});

describe("GET /story/{fullSlug}", () => {
  it("answers 404 in the envelope when no story is published there", async () => {
    const res = await getJson(server, `${CMS_BASE}/story/bestaat/niet`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, result: "No published story at bestaat/niet" });
  });

  it("answers 400 naming the field for a malformed slug", async () => {
    const res = await getJson(server, `${CMS_BASE}/story/Home%20Page`);
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/^params\.fullSlug: /);
  });
});

describe("GET /get-by-uuid", () => {
  it("answers the published stories with those uuids", async () => {
    const a = (await getJson(server, `${CMS_BASE}/story/over-ons`)).body.result.story;
    const b = (await getJson(server, `${CMS_BASE}/story/layout/footer`)).body.result.story;
    const res = await getJson(
      server,
      `${CMS_BASE}/get-by-uuid?uuid=${a.uuid},${b.uuid},00000000-0000-4000-8000-000000000000`,
    );
    expect(res.status).toBe(200);
    expect(res.body.result.stories.map((s: Json) => s.full_slug).sort()).toEqual([
      "layout/footer",
      "over-ons",
    ]);
  });

  it("refuses a malformed uuid with 400", async () => {
    const res = await getJson(server, `${CMS_BASE}/get-by-uuid?uuid=abc`);
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/^querystring\.uuid\[0\]: must be a uuid/);
  });
});

describe("GET /api/ext/cms-data/cms{Page|Block}/{id}", () => {
  it("answers a page by identifier and by id, a block by identifier", async () => {
    const page = await getJson(server, "/api/ext/cms-data/cmsPage/over-ons");
    expect(page.status).toBe(200);
    expect(page.body.result).toMatchObject({ identifier: "over-ons", title: "Over ons", is_active: true });
    expect(page.body.result.meta_title).toBe("Over ons | Etalage");
    const byId = await getJson(server, `/api/ext/cms-data/cmsPage/${page.body.result.id}`);
    expect(byId.body.result.identifier).toBe("over-ons");
    const block = await getJson(server, "/api/ext/cms-data/cmsBlock/layout/footer");
    expect(block.body.result).toMatchObject({ identifier: "layout/footer", component: "footer" });
  });

  it("does not answer a block as a page, nor an unknown id", async () => {
    expect((await getJson(server, "/api/ext/cms-data/cmsPage/layout/footer")).status).toBe(404);
    expect((await getJson(server, "/api/ext/cms-data/cmsBlock/999999")).status).toBe(404);
    expect((await getJson(server, "/api/ext/cms-data/cmsBlock/Foo%20Bar")).status).toBe(400);
  });
});

describe("catalogue search over cms_page and cms_block", () => {
  it("lists published pages and blocks, filtered by identifier", async () => {
    const pages = await server.post("/api/catalog/catalog_nl/cms_page/_search", {});
    const body = await pages.json();
    const identifiers = body.items.map((i: Json) => i.identifier);
    expect(identifiers).toEqual(
      expect.arrayContaining(["home", "over-ons", "klantenservice", "verzenden-en-retourneren"]),
    );
    expect(identifiers).not.toContain("layout/menu");

    const blocks = await server.post("/api/catalog/catalog_nl/cms_block/_search", {
      _appliedFilters: [{ attribute: "identifier", value: { in: ["layout/menu", "layout/footer"] } }],
    });
    expect((await blocks.json()).items.map((i: Json) => i.identifier).sort()).toEqual([
      "layout/footer",
      "layout/menu",
    ]);
  });
});

describe("URL mapping of CMS pages", () => {
  it("maps a published content page's path to cms_page", async () => {
    const res = await server.post("/api/url/map", { url: "/verzenden-en-retourneren/" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result._type).toBe("cms_page");
    expect(body.result._source).toMatchObject({
      identifier: "verzenden-en-retourneren",
      title: "Verzenden en retourneren",
    });
  });

  it("still answers categories first, and blocks are not pages", async () => {
    expect((await (await server.post("/api/url/map", { url: "/kleding" })).json()).result._type).toBe(
      "category",
    );
    expect((await server.post("/api/url/map", { url: "/layout/menu" })).status).toBe(404);
  });

  it("answers cms pages to SSR loaders too", async () => {
    const { storefrontServices } = await import("../src/ssr/storefront-services.ts");
    const match = await storefrontServices(server.services).resolveUrl("over-ons");
    expect(match).toMatchObject({ found: true, type: "cms_page" });
  });
});

/*
 * Issue 14: the customer-service page named Bancontact and Klarna, the terms PayPal, and the
 * footer PayPal and Klarna, while the checkout offered iDEAL, card and cash on delivery. The
 * content pages must name every method the server offers, in the words of core's one list, and
 * no method it does not.
 */
describe("payment methods in the content pages", () => {
  const NOT_OFFERED = [
    "PayPal",
    "Klarna",
    "Bancontact",
    "Apple Pay",
    "Google Pay",
    "Sofort",
    "Maestro",
    "achteraf",
    "overschrijving",
    "afterpay",
    "Riverty",
  ];
  const text = (story: Json) =>
    (story.content.body as Json[])
      .map((b) => String(b.text ?? ""))
      .join(" ")
      .replace(/<[^>]+>/g, " ");

  async function offered(cartItem: Record<string, unknown>): Promise<string[]> {
    const cart = cartClient(server);
    const id = await cart.create();
    expect((await cart.update(id, { qty: 1, ...cartItem })).status).toBe(200);
    return (await cart.paymentMethods(id)).body.result.map((m: { code: string }) => m.code);
  }

  it("name what the server offers for goods and for a gift card, and nothing else", async () => {
    const goods = server.services.catalog
      .snapshot()
      .products.find((p) => p.type_id === "simple" && p.status === 1 && p.stock.is_in_stock)!;
    const codes = await offered({ sku: goods.sku });
    expect(codes).toEqual(SHOP_PAYMENT_METHODS.map((m) => m.code));
    // Nothing to deliver, nothing to pay at the door: the pages say so too.
    const card = server.services.catalog.productBySku("CAD50")!;
    const gift = { sku: card.sku, product_option: giftCardTo(card, "Sanne", "sanne@example.nl") };
    expect(await offered(gift)).toEqual(codes.filter((c) => c !== "cashondelivery"));

    for (const slug of ["klantenservice", "algemene-voorwaarden", "privacyverklaring"]) {
      const page = text((await getJson(server, `${CMS_BASE}/story/${slug}`)).body.result.story);
      for (const name of NOT_OFFERED)
        expect(page, `${slug} names ${name}`).not.toMatch(new RegExp(name, "i"));
    }
    for (const slug of ["klantenservice", "algemene-voorwaarden"]) {
      const page = text((await getJson(server, `${CMS_BASE}/story/${slug}`)).body.result.story);
      for (const method of SHOP_PAYMENT_METHODS.filter((m) => codes.includes(m.code))) {
        const names = method.code === "cashondelivery" ? ["bij bezorging", "rembours"] : method.badges;
        for (const name of names) expect(page, `${slug} names ${name}`).toContain(name);
      }
      expect(page, slug).toMatch(
        /niet voor cadeaubonnen|Een cadeaubon of e-book betaal je met iDEAL of creditcard/,
      );
    }
  });
});
