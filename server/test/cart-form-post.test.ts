import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CartFixtures, cartClient, cartFixtures } from "./helpers/cart-fixtures.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/*
 * The product form posted without JavaScript (storefront features/cart/cart-form-action.ts) over
 * real HTTP with the storefront build: its lines go into the server cart the `etalage_cart` cookie
 * names, through the in-process cart service (StorefrontServices.cart).
 */

let server: TestServer;
let f: CartFixtures;
let cart: ReturnType<typeof cartClient>;

beforeAll(async () => {
  server = await startTestServer();
  f = await cartFixtures(server);
  cart = cartClient(server);
});
afterAll(() => server?.close());

const pagePath = (product: { sku: string; slug?: unknown }) => `/p/${product.sku}/${String(product.slug)}`;

/**
 * The browser's form post: urlencoded, no JavaScript, the cart cookie when it has one. The page
 * is read whole, as a browser does: an unread answer keeps its connection busy, and closing the
 * server then waits for the keep-alive timeout (72 s).
 */
async function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  const res = await fetch(server.url + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  const page = await res.text();
  return { status: res.status, headers: res.headers, text: async () => page };
}

function cartCookieOf(res: { headers: Headers }): { id: string; header: string } | null {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("etalage_cart="));
  if (!header) return null;
  return { id: decodeURIComponent(header.split(";")[0]!.slice("etalage_cart=".length)), header };
}

const lines = async (cartId: string) =>
  ((await cart.pull(cartId)).body.result as { sku: string; qty: number }[]).map(({ sku, qty }) => ({
    sku,
    qty,
  }));

describe("add to cart without JavaScript", () => {
  it("starts a guest cart named by the cookie, then adds to that same cart", async () => {
    const path = pagePath(f.simple);
    const first = await postForm(path, { sku: f.simple.sku, product_type: "simple", qty: "2" });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Het artikel is aan je winkelwagen toegevoegd!");
    const cookie = cartCookieOf(first);
    expect(cookie?.header).toMatch(/; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(await lines(cookie!.id)).toEqual([{ sku: f.simple.sku, qty: 2 }]);

    // The cookie names the cart: the second post adds to its line and sets no new cookie.
    const second = await postForm(
      path,
      { sku: f.simple.sku, product_type: "simple", qty: "1" },
      `etalage_cart=${cookie!.id}`,
    );
    expect(second.status).toBe(200);
    expect(cartCookieOf(second)).toBeNull();
    expect(await lines(cookie!.id)).toEqual([{ sku: f.simple.sku, qty: 3 }]);
  });

  it("adds to a cart the client cart made (the cookie it wrote)", async () => {
    const cartId = await cart.create();
    const { parent, childSku, options } = f.configurable;
    const fields: Record<string, string> = { sku: childSku, product_type: "configurable", qty: "1" };
    for (const o of options) fields[`super_attribute[${o.option_id}]`] = o.option_value;
    const res = await postForm(pagePath(parent), fields, `consent=all; etalage_cart=${cartId}`);
    expect(res.status).toBe(200);
    expect(cartCookieOf(res)).toBeNull();
    expect(await lines(cartId)).toEqual([{ sku: childSku, qty: 1 }]);
  });

  it("starts a new guest cart when the cookie's cart is gone", async () => {
    const res = await postForm(
      pagePath(f.simple2),
      { sku: f.simple2.sku, product_type: "simple", qty: "1" },
      "etalage_cart=NoSuchCart0000000000000",
    );
    expect(res.status).toBe(200);
    const cookie = cartCookieOf(res);
    expect(cookie?.id).not.toBe("NoSuchCart0000000000000");
    expect(await lines(cookie!.id)).toEqual([{ sku: f.simple2.sku, qty: 1 }]);
  });

  it("refuses a bad quantity or a forged option with a 400 and the reason, changing nothing", async () => {
    const cartId = await cart.create();
    const badQty = await postForm(
      pagePath(f.simple),
      { sku: f.simple.sku, product_type: "simple", qty: "0" },
      `etalage_cart=${cartId}`,
    );
    expect(badQty.status).toBe(400);
    expect(await badQty.text()).toContain("Het aantal moet groter zijn dan 0");

    const forged = await postForm(
      pagePath(f.bundle),
      { sku: f.bundle.sku, product_type: "bundle", qty: "1", "bundle_option[x]": "y" },
      `etalage_cart=${cartId}`,
    );
    expect(forged.status).toBe(400);
    expect(await lines(cartId)).toEqual([]);
  });

  it("adds from a page only that page's product: a grouped form naming another sku adds nothing", async () => {
    const cartId = await cart.create();
    const res = await postForm(
      pagePath(f.grouped),
      { sku: f.grouped.sku, product_type: "grouped", [`super_group[${f.simple2.sku}]`]: "3" },
      `etalage_cart=${cartId}`,
    );
    expect(res.status).toBe(400);
    expect(await lines(cartId)).toEqual([]);
    // The same field on a simple product's page, naming another product, is refused as well.
    const other = await postForm(
      pagePath(f.simple),
      { sku: f.simple2.sku, product_type: "simple", qty: "1" },
      `etalage_cart=${cartId}`,
    );
    expect(other.status).toBe(400);
    expect(await lines(cartId)).toEqual([]);
  });

  it("refuses a form over 16 KiB with 413, and a control character with 400, as the shop's error page", async () => {
    const cartId = await cart.create();
    const big = await postForm(
      pagePath(f.simple),
      { sku: f.simple.sku, product_type: "simple", qty: "1", padding: "x".repeat(17 * 1024) },
      `etalage_cart=${cartId}`,
    );
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("<title>Er is iets misgegaan");
    const nul = await postForm(
      pagePath(f.simple),
      { sku: `${f.simple.sku}\u0000`, product_type: "simple", qty: "1" },
      `etalage_cart=${cartId}`,
    );
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("<title>Er is iets misgegaan");
    expect(await lines(cartId)).toEqual([]);
  });

  it("refuses bodies that are not form posts with 415", async () => {
    const res = await fetch(server.url + pagePath(f.simple), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sku: f.simple.sku }),
    });
    await res.text();
    expect(res.status).toBe(415);
  });
});
