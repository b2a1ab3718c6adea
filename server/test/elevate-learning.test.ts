/**
 * The built-in Elevate learns from what shoppers do (issue 16): after a scripted series of
 * notifications and page views over real HTTP, the lists change as they should, and what was
 * learnt survives a restart of the service.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ElevateService } from "../src/providers/recommendations/service.ts";
import { elevateClient } from "./helpers/elevate.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const shopper = () => elevateClient(server.url);
const keysOf = (groups: { key: string }[]) => groups.map((g) => g.key);

/** Products of one leaf category, recommendable, in id order. */
function productsIn(categoryId: number, n: number): string[] {
  const s = server.services.catalog.snapshot();
  return s.products
    .filter(
      (p) =>
        p.category_ids.includes(categoryId) &&
        p.status === 1 &&
        p.stock?.is_in_stock !== false &&
        (p.visibility ?? 4) >= 2,
    )
    .slice(0, n)
    .map((p) => p.sku);
}

describe("learning from shoppers", () => {
  it("puts a product often bought with another in its bought-together and cart lists", async () => {
    const [trousers] = productsIn(15, 1);
    const belts = productsIn(31, 12);
    const belt = belts[9]!; // not the catalogue rules' first pick: only learning puts it first
    const before = await shopper().api.query.cartPage(
      { cart: [trousers!] },
      { recommendationLists: [{ id: "cart", algorithm: "CART" }] },
    );
    expect(keysOf(before.recommendationLists[0]!.productGroups)[0]).not.toBe(belt);
    const ticketOf = async (productKey: string) =>
      (
        await shopper().api.query.productPage(
          { productKey, notify: false },
          { productGroup: { include: true } },
        )
      ).productGroup!.products[0]!.variants[0]!.ticket;
    const trousersTicket = await ticketOf(trousers!);
    for (let i = 0; i < 4; i++) {
      const { api, keys } = shopper();
      await api.notify.addToCart(trousersTicket);
      // Without a ticket (a product added from its own page), by key as the spec allows.
      const res = await fetch(
        `${server.url}/api/storefront/v3/notifications/add-to-cart?market=NL&customerKey=${keys.customerKey}&sessionKey=${keys.sessionKey}`,
        { method: "POST", body: JSON.stringify({ productKey: belt }) },
      );
      expect(res.status).toBe(204);
    }
    const after = await shopper().api.query.cartPage(
      { cart: [trousers!] },
      { recommendationLists: [{ id: "cart", algorithm: "CART" }] },
    );
    expect(keysOf(after.recommendationLists[0]!.productGroups)[0]).toBe(belt);
    const popup = await shopper().api.query.productPage(
      { productKey: trousers! },
      { recommendationLists: [{ id: "together", algorithm: "ADD_TO_CART_RECS" }] },
    );
    expect(keysOf(popup.recommendationLists[0]!.productGroups)[0]).toBe(belt);
    // And the other way round: the belt brings the trousers.
    const reverse = await shopper().api.query.cartPage(
      { cart: [belt] },
      { recommendationLists: [{ id: "cart", algorithm: "CART" }] },
    );
    expect(keysOf(reverse.recommendationLists[0]!.productGroups)[0]).toBe(trousers);
  });

  it("lifts an alternative that shoppers view together with the product", async () => {
    const shirts = productsIn(11, 40);
    const [shirt] = shirts;
    const lists = { recommendationLists: [{ id: "alts", algorithm: "ALTERNATIVES" as const, limit: 8 }] };
    const before = keysOf(
      (await shopper().api.query.productPage({ productKey: shirt!, notify: false }, lists))
        .recommendationLists[0]!.productGroups,
    );
    const outsider = shirts.find((k) => k !== shirt && !before.includes(k))!;
    for (let i = 0; i < 3; i++) {
      const { api } = shopper();
      await api.query.productPage({ productKey: shirt! });
      await api.query.productPage({ productKey: outsider });
    }
    const after = keysOf(
      (await shopper().api.query.productPage({ productKey: shirt!, notify: false }, lists))
        .recommendationLists[0]!.productGroups,
    );
    expect(after).toContain(outsider);
    expect(after.indexOf(outsider)).toBeLessThan(3);
  });

  it("ranks by popularity from clicks on tickets, and notify=false leaves no trace", async () => {
    const top = { recommendationLists: [{ id: "top", algorithm: "TOP_PRODUCTS" as const, limit: 8 }] };
    const socks = productsIn(32, 30);
    const pick = socks[25]!;
    const { api } = shopper();
    const page = await api.query.productPage(
      { productKey: pick, notify: false },
      { productGroup: { include: true } },
    );
    for (let i = 0; i < 30; i++) await api.notify.click(page.productGroup!.products[0]!.ticket);
    const after = await shopper().api.query.landingPage({}, top);
    expect(keysOf(after.recommendationLists[0]!.productGroups)[0]).toBe(pick);
    const quiet = shopper();
    await quiet.api.query.productPage({ productKey: socks[26]!, notify: false });
    const recent = await quiet.api.query.autocomplete({ q: "" });
    expect(recent.recentlyViewed).toEqual([]);
  });

  it("keeps a customer key's recently viewed, newest first, across sessions and after end", async () => {
    const keys = productsIn(21, 3);
    const customerKey = randomUUID();
    const first = elevateClient(server.url, { customerKey, sessionKey: randomUUID() });
    for (const k of keys) await first.api.query.productPage({ productKey: k });
    await first.api.notify.end();
    const second = elevateClient(server.url, { customerKey, sessionKey: randomUUID() });
    const page = await second.api.query.productPage(
      { productKey: keys[2]!, notify: false },
      {
        recommendationLists: [
          { id: "rv", algorithm: "RECENTLY_VIEWED" },
          { id: "personal", algorithm: "PERSONAL" },
        ],
      },
    );
    // The product on screen is left out of its own recently viewed list.
    expect(keysOf(page.recommendationLists[0]!.productGroups)).toEqual([keys[1], keys[0]]);
    expect(page.recommendationLists[1]!.productGroups.length).toBe(8);
    const ac = await second.api.query.autocomplete({ q: "" });
    expect(keysOf(ac.recentlyViewed)).toEqual([...keys].reverse());
  });

  it("remembers recent searches per customer key and learns phrases for autocomplete", async () => {
    const { api } = shopper();
    await api.query.searchPage({ q: "chelsea boots" });
    await api.query.searchPage({ q: "merino" });
    const ac = await api.query.autocomplete({ q: "" });
    expect(ac.recentSearches.map((s) => s.q)).toEqual(["merino", "chelsea boots"]);
    const other = await shopper().api.query.autocomplete({ q: "chel" });
    expect(other.phraseSuggestions[0]).toEqual({ q: "chelsea boots", highlighted: "{{chel}}sea boots" });
  });

  it("keeps the answer to a typed prefix, and drops it when a search teaches a phrase that starts with it", async () => {
    const search = vi.spyOn(server.services.catalog, "searchProducts");
    try {
      const first = await shopper().api.query.autocomplete({ q: "mocass" });
      const calls = search.mock.calls.length;
      const again = await shopper().api.query.autocomplete({ q: "mocass" });
      expect(again).toEqual(first);
      expect(search.mock.calls.length).toBe(calls);
      expect(first.phraseSuggestions.map((p) => p.q)).not.toContain("mocassins suede bruin");
      await shopper().api.query.searchPage({ q: "mocassins suede bruin" });
      const after = await shopper().api.query.autocomplete({ q: "mocass" });
      expect(after.phraseSuggestions[0]).toEqual({
        q: "mocassins suede bruin",
        highlighted: "{{mocass}}ins suede bruin",
      });
    } finally {
      search.mockRestore();
    }
  });

  it("learns again from the stored events after a restart", async () => {
    const [trousers] = productsIn(15, 1);
    const cart = { recommendationLists: [{ id: "cart", algorithm: "CART" as const }] };
    const before = await shopper().api.query.cartPage({ cart: [trousers!] }, cart);
    await server.services.elevate.stop();
    const fresh = new ElevateService(server.services.catalog, server.services.database.db);
    await fresh.start();
    try {
      const list = await fresh.cartPage({ cart: [trousers!] }, cart, {
        customerKey: "c",
        sessionKey: "s",
        notify: false,
      });
      expect(keysOf(list.recommendationLists[0]!.productGroups)).toEqual(
        keysOf(before.recommendationLists[0]!.productGroups),
      );
      expect(fresh.learner.events).toBeGreaterThan(20);
    } finally {
      await fresh.stop();
    }
  });
});

describe("landing-page lookups beside Elevate (browsing §7)", () => {
  it("redirects a search term that names a landing page or a category", async () => {
    const hit = await (
      await server.get("/api/ext/elevate/redirect?tn_q=Zwarte%20sneakers", {
        headers: { "x-vs-store-code": "nl" },
      })
    ).json();
    expect(hit).toEqual({ code: 200, result: { redirect: { url: "/l/elevate/zwarte-sneakers/" } } });
    const category = await (await server.get("/api/ext/elevate/redirect?tn_q=jeans")).json();
    expect(category.result.redirect.url).toMatch(/jeans\/$/);
    const none = await (await server.get("/api/ext/elevate/redirect?tn_q=paraplu")).json();
    expect(none.result).toEqual({ redirect: null });
  });

  it("lists the landing pages below a path, and refuses another store view", async () => {
    const res = await (
      await server.get("/api/ext/elevate/sub-categories/cadeaus", { headers: { "x-vs-store-code": "nl" } })
    ).json();
    expect(res.result.items.map((i: { url_path: string }) => i.url_path)).toEqual(["cadeaus/onder-50"]);
    const other = await server.get("/api/ext/elevate/sub-categories/cadeaus", {
      headers: { "x-vs-store-code": "de" },
    });
    expect(other.status).toBe(400);
    expect((await other.json()).result).toBe("headers.x-vs-store-code: Storeview de doesn't exist!");
  });
});
