/**
 * The official Elevate client (`@apptus/esales-api` 3.5.1) against the built-in service: every
 * query and notification, over real HTTP on a real database. The client does not validate answers,
 * so the required keys of vendor-apis §3.3 are checked here; the wire types are checked by the
 * compiler in the service, which answers in the client's own types.
 */
import type {
  AddToCartPopup,
  Autocomplete,
  CartPage,
  Facet,
  LandingPage,
  NavigationTree,
  ProductPage,
  SearchPage,
} from "@apptus/esales-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { elevateClient, expectList, expectProductGroup } from "./helpers/elevate.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
let client: ReturnType<typeof elevateClient>;
let productKey: string;
let variantKey: string;

beforeAll(async () => {
  server = await startTestServer();
  client = elevateClient(server.url);
  const shirt = server.services.catalog.productBySku("OVH1000")!;
  productKey = shirt.sku;
  variantKey = shirt.configurable_children![0]!.sku;
});
afterAll(() => server?.close());

const lists = [
  { id: "alternatives", algorithm: "ALTERNATIVES" as const, limit: 8 },
  { id: "upsell", algorithm: "UPSELL" as const, limit: 8 },
];

describe("the official Elevate client against the built-in service", () => {
  it("reads a landing page with its primary list, facets, navigation and SEO", async () => {
    const page: LandingPage = await client.api.query.landingPage(
      { pageReference: "/l/elevate/linnen-overhemden/", limit: 20, sort: "PRICE_ASCENDING" },
      {
        primaryList: { include: true },
        navigation: { include: true },
        contentLists: [{ id: "page-content" }],
      },
    );
    expect(page).toMatchObject({
      published: true,
      customData: { url_path: "linnen-overhemden" },
      recommendationLists: [],
    });
    expect(page.seo.pageHeading).toBe("Linnen overhemden");
    expect(page.contentLists).toEqual([{ id: "page-content", totalHits: 0, items: [] }]);
    const list = page.primaryList!;
    expect(list.totalHits).toBeGreaterThan(0);
    expect(list.productGroups.length).toBe(Math.min(20, list.totalHits));
    list.productGroups.forEach(expectProductGroup);
    const prices = list.productGroups.map((g) => g.products[0]!.sellingPrice.min);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(list.sort.selected).toBe("PRICE_ASCENDING");
    expect(list.sort.options.map((o) => o.id)).toContain("NEWEST_FIRST");
    const kinds = new Set(list.facets.map((f: Facet) => f.type));
    // The page presets the material: no facet for it.
    expect(list.facets.map((f) => f.id)).not.toContain("material");
    for (const kind of ["TEXT", "COLOR", "SIZE", "RANGE"]) expect(kinds).toContain(kind);
    expect(page.navigation!.breadcrumbs).toEqual([
      { label: "Linnen overhemden", path: "/l/elevate/linnen-overhemden/" },
    ]);
    expect(page.navigation!.tree.children.length).toBeGreaterThan(0);
  });

  it("filters by facets and a price range, and says what is selected", async () => {
    const all = await client.api.query.landingPage(
      { pageReference: "/l/elevate/zwarte-sneakers/" },
      { primaryList: { include: true } },
    );
    const size = all.primaryList!.facets.find((f) => f.type === "SIZE")!;
    const value = size.type === "SIZE" ? size.sizeTypes[0]!.formats[0]!.values[0]! : undefined;
    const filtered = await client.api.query.landingPage(
      {
        pageReference: "/l/elevate/zwarte-sneakers/",
        facets: { size: [value!.id], price: { min: 50, max: 150 } },
      },
      { primaryList: { include: true } },
    );
    const list = filtered.primaryList!;
    expect(list.totalHits).toBeLessThanOrEqual(value!.count);
    for (const g of list.productGroups) {
      const price = g.products[0]!.sellingPrice.min;
      expect(price).toBeGreaterThanOrEqual(50);
      expect(price).toBeLessThanOrEqual(150);
    }
    const range = list.facets.find((f) => f.type === "RANGE");
    expect(range).toMatchObject({ id: "price", minSelected: 50, maxSelected: 150 });
    const sizes = list.facets.find((f) => f.id === "size")!;
    expect(sizes).toMatchObject({ selectedCount: 1 });
  });

  it("answers an unknown page as unpublished", async () => {
    const page = await client.api.query.landingPage({ pageReference: "/l/elevate/bestaat-niet/" });
    expect(page.published).toBe(false);
    expect(page.primaryList).toBeUndefined();
  });

  it("searches with did-you-mean and auto-correct from the shop's own words", async () => {
    const page: SearchPage = await client.api.query.searchPage(
      { q: "overhemd", limit: 5 },
      { primaryList: { include: true } },
    );
    expect(page.q).toBe("overhemd");
    expect(page.primaryList.totalHits).toBeGreaterThan(0);
    expect(page.didYouMean).toEqual([]);
    page.primaryList.productGroups.forEach(expectProductGroup);
    const typo = await client.api.query.searchPage({ q: "overhmedxq", limit: 5 });
    expect(typo.autoCorrect === undefined || typo.autoCorrect.originalTotalHits === 0).toBe(true);
  });

  it("gives a product page its product group or its tickets, and lists of 8", async () => {
    const page: ProductPage = await client.api.query.productPage(
      { productKey },
      { productGroup: { include: true }, recommendationLists: lists },
    );
    expectProductGroup(page.productGroup);
    expect(page.recommendationLists.map((l) => l.id)).toEqual(["alternatives", "upsell"]);
    page.recommendationLists.forEach(expectList);
    expect(page.recommendationLists[0]!.productGroups).toHaveLength(8);
    const keys = page.recommendationLists[0]!.productGroups.map((g) => g.key);
    expect(keys).not.toContain(productKey);
    const withTickets = await client.api.query.productPage({ productKey });
    expect(Object.keys(withTickets.tickets)).toContain(variantKey);
  });

  it("gives a cart page its cart and a CART list", async () => {
    const page: CartPage = await client.api.query.cartPage(
      { cart: [variantKey, "SNK1001"] },
      { cart: { include: true }, recommendationLists: [{ id: "cart", algorithm: "CART", limit: 8 }] },
    );
    expect(page.cart.map((g) => g.key)).toContain(productKey);
    page.cart.forEach(expectProductGroup);
    expectList(page.recommendationLists[0]);
    expect(page.recommendationLists[0]!.productGroups.length).toBe(8);
  });

  it("fills an add-to-cart popup", async () => {
    const popup: AddToCartPopup = await client.api.query.addToCartPopup({ variantKey }, [
      { id: "addons", algorithm: "ADD_TO_CART_RECS" },
    ]);
    expectList(popup.recommendationLists[0]);
  });

  it("autocompletes phrases with highlights and products, and recent searches for an empty q", async () => {
    const ac: Autocomplete = await client.api.query.autocomplete({ q: "snea" });
    expect(ac.phraseSuggestions.length).toBeGreaterThan(0);
    for (const p of ac.phraseSuggestions) expect(p.highlighted).toMatch(/\{\{snea\}\}/i);
    expect(ac.productSuggestions.length).toBeGreaterThan(0);
    ac.productSuggestions.forEach(expectProductGroup);
    expect(ac).toMatchObject({
      contentSuggestions: [],
      recentSearches: [],
      recentlyViewed: [],
      contentLists: [],
    });
    expect(ac.totalHits).toBeGreaterThanOrEqual(ac.productSuggestions.length);
    const empty = await client.api.query.autocomplete({ q: "" });
    expect(empty.recentSearches.map((s) => s.q)).toContain("overhemd");
    expect(empty.recentlyViewed.map((g) => g.key)).toContain(productKey);
  });

  it("gives the navigation tree", async () => {
    const nav: NavigationTree = await client.api.query.navigationTree();
    expect(nav.tree.type).toBe("LABEL");
    const first = nav.tree.children[0]!;
    expect(first).toMatchObject({
      type: "PRODUCT",
      label: expect.any(String),
      path: expect.stringMatching(/^\//),
    });
  });

  it("takes every notification", async () => {
    const page = await client.api.query.productPage({ productKey }, { productGroup: { include: true } });
    const ticket = page.productGroup!.products[0]!.ticket;
    await client.api.notify.click(ticket);
    await client.api.notify.addToCart(page.productGroup!.products[0]!.variants[0]!.ticket);
    await client.api.notify.adImpression(ticket);
    await client.api.notify.addFavorite(productKey);
    await client.api.notify.addFavorite({ variantKey });
    const favorites = await client.api.query.landingPage(
      {},
      { recommendationLists: [{ id: "fav", algorithm: "FAVORITES" }] },
    );
    expect(favorites.recommendationLists[0]!.productGroups.map((g) => g.key)).toEqual([productKey]);
    await client.api.notify.removeFavorite(productKey);
    await client.api.notify.removeRecentSearches(["overhemd"]);
    await client.api.notify.removeRecentSearches("removeAll");
    await client.api.notify.removeRecentlyViewed([productKey]);
    await client.api.notify.removeRecentlyViewed("removeAll");
    await client.api.notify.end();
    const after = await client.api.query.autocomplete({ q: "" });
    expect(after.recentSearches).toEqual([]);
    expect(after.recentlyViewed).toEqual([]);
    const none = await client.api.query.landingPage(
      {},
      { recommendationLists: [{ id: "fav", algorithm: "FAVORITES" }] },
    );
    expect(none.recommendationLists[0]!.productGroups).toEqual([]);
  });

  it("reads errors as Elevate sends them", async () => {
    await expect(client.api.query.productPage({ productKey: "" })).rejects.toThrow(/productKey/);
    await expect(client.api.notify.click("not-a-ticket")).rejects.toThrow();
    const res = await server.get(
      `/api/storefront/v3/queries/autocomplete?market=NL&locale=nl-NL&touchpoint=desktop&customerKey=a&sessionKey=b&q=a%01b`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "querystring.q: must not contain control characters" });
  });
});
