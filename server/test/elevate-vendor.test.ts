/**
 * Elevate as a real vendor (issue 30 items 3, 4, 10): the built-in service answers the client's
 * content and retail-media queries and refuses a market it does not have; a shop configured with
 * ELEVATE_CLUSTER_ID (here a second Etalage playing the cluster) asks the cluster for search
 * redirects, reports paid orders with the cluster's Api-Key, and exports its catalogue in
 * Elevate 4's import format.
 */
import { randomUUID } from "node:crypto";
import { elevate } from "@apptus/esales-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../src/cli/elevate-export.ts";
import { clusterPurchases } from "../src/providers/recommendations/purchases.ts";
import { cartClient, cartFixtures } from "./helpers/cart-fixtures.ts";
import { elevateClient } from "./helpers/elevate.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const ADMIN = "test-admin-token-elevate-0123456789";
let cluster: TestServer;
let shop: TestServer;
const seen = { autocomplete: 0, purchases: [] as string[][] };

beforeAll(async () => {
  cluster = await startTestServer({ storefront: false, vendor: true });
  // What the "cluster" is asked (its own objects: on PostgreSQL both servers share one database).
  const elevate = cluster.services.elevate;
  const autocomplete = elevate.autocomplete.bind(elevate);
  elevate.autocomplete = (...args) => {
    seen.autocomplete++;
    return autocomplete(...args);
  };
  const purchase = elevate.purchase.bind(elevate);
  elevate.purchase = (visitor, keys) => {
    seen.purchases.push([...keys]);
    purchase(visitor, keys);
  };
  shop = await startTestServer({
    storefront: false,
    env: {
      ELEVATE_CLUSTER_ID: cluster.url,
      ELEVATE_API_KEY: cluster.services.elevatePaymentKey,
      ADMIN_TOKEN: ADMIN,
      ORDERS_PER_MINUTE: "10000",
    },
  });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await cluster?.close();
});

describe("the built-in Elevate, as the official client sees it", () => {
  it("answers sponsored-page, banners, content-information and content-search-page in Elevate's shape", async () => {
    const { api } = elevateClient(cluster.url);
    expect(await api.query.sponsoredPage({ pageReference: "/l/elevate/nieuw" })).toEqual({
      sponsoredLists: [],
    });
    expect(await api.query.banners({ pageReference: "/l/elevate/nieuw" })).toEqual({ banners: [] });
    expect(await api.query.contentInformation({ contentKeys: ["retourneren"] })).toEqual({ items: [] });
    const search = await api.query.contentSearchPage({ q: "retour" });
    expect(search).toMatchObject({
      q: "retour",
      primaryList: { items: [], totalHits: 0, sort: { selected: "RELEVANCE" } },
    });
  });

  it("takes impression notifications", async () => {
    const res = await fetch(
      `${cluster.url}/api/storefront/v3/notifications/impression?market=NL&customerKey=a&sessionKey=b`,
      { method: "POST", body: JSON.stringify({ ticket: "OzE7" }) },
    );
    expect(res.status).toBe(204);
  });

  it("refuses a market it does not have, naming it, as Elevate does", async () => {
    const res = await fetch(
      `${cluster.url}/api/storefront/v3/queries/autocomplete?market=SE&locale=sv-SE&touchpoint=desktop&customerKey=a&sessionKey=b&q=jas`,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^querystring\.market: no market SE/);
    const german = elevate({
      clusterId: cluster.url,
      market: "DE",
      locale: "de-DE",
      touchpoint: "desktop",
      session: () => ({ customerKey: "a", sessionKey: "b" }),
    });
    await expect(german.query.autocomplete({ q: "jas" })).rejects.toThrow(/no market DE/);
  });

  it("takes a payment notification only with its Api-Key", async () => {
    const visitor = { customerKey: randomUUID(), sessionKey: randomUUID() };
    const lines = [{ variantKey: "onbekend-1", quantity: 1, sellingPrice: 10 }];
    await expect(clusterPurchases(cluster.url, "verkeerd")(visitor, lines)).rejects.toThrow(/401/);
    await clusterPurchases(cluster.url, cluster.services.elevatePaymentKey)(visitor, lines);
    expect(seen.purchases.at(-1)).toEqual(["onbekend-1"]);
  });
});

describe("the shop with ELEVATE_CLUSTER_ID", () => {
  it("asks the cluster where a search leads", async () => {
    const page = cluster.services.catalog.snapshot().landingPages.find((p) => p.title);
    expect(page).toBeDefined();
    const before = seen.autocomplete;
    const res = await shop.get(`/api/ext/elevate/redirect?tn_q=${encodeURIComponent(page!.title!)}`);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.result.redirect?.url).toMatch(/^\/l\//);
    expect(seen.autocomplete).toBeGreaterThan(before);
  });

  it("reports a paid order's lines to the cluster", async () => {
    const f = await cartFixtures(shop);
    const cart = cartClient(shop);
    const id = await cart.create();
    expect((await cart.update(id, { sku: f.simple.sku, qty: 2 })).status).toBe(200);
    const address = {
      firstname: "Jan",
      lastname: "de Vries",
      street: ["Oudegracht 12", ""],
      postcode: "3511ab",
      city: "Utrecht",
      country_id: "NL",
    };
    const placed = await shop.post(
      "/api/order",
      {
        order_id: randomUUID(),
        cart_id: id,
        addressInformation: {
          shippingAddress: address,
          billingAddress: address,
          shipping_carrier_code: "postnl",
          shipping_method_code: "standard",
          payment_method_code: "cashondelivery",
        },
        personalDetails: { email: `koper-${randomUUID()}@example.nl` },
      },
      { headers: { "idempotency-key": randomUUID() } },
    );
    expect(placed.status).toBe(200);
    for (let i = 0; i < 100 && !seen.purchases.some((keys) => keys.includes(f.simple.sku)); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.purchases.some((keys) => keys.includes(f.simple.sku))).toBe(true);
  });

  it("exports the catalogue and landing pages as an Elevate 4 catalog import", async () => {
    const out: string[] = [];
    const io = { out: (text: string) => out.push(text), err: (text: string) => out.push(`ERR ${text}`) };
    expect(await runCli(["--url", shop.url, "--token", ADMIN], { ...process.env, ADMIN_TOKEN: "" }, io)).toBe(
      0,
    );
    const lines = out
      .join("\n")
      .split("\n")
      .map((line) => JSON.parse(line));
    const product = lines.find((l) => l.replace.productGroup);
    const key = product.replace.key;
    expect(product.replace.productGroup.products[key]).toMatchObject({
      markets: ["NL"],
      defaults: { dataLocale: "nl-NL", title: expect.any(String), url: expect.stringMatching(/^\//) },
      variants: expect.any(Object),
    });
    const variant = Object.values(product.replace.productGroup.products[key].variants)[0] as {
      defaults: { sellingPrice: number; stock: number };
    };
    expect(variant.defaults.sellingPrice).toBeGreaterThan(0);
    // Every key the export names is a key the shop's queries answer with.
    expect(shop.services.catalog.snapshot().products.some((p) => p.sku === key)).toBe(true);
    expect(lines.some((l) => l.replace.content?.type === "link")).toBe(true);
    const refused = await runCli(["--url", shop.url, "--token", "fout-fout-fout-fout"], process.env, io);
    expect(refused).toBe(1);
  });
});
