import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/*
 * The storefront's customer-data reports (transactional §4 "Analytics and customer platform"):
 * the contact id set once, the cart on a hash change but not on /checkout-return/, the
 * cart-emptied report on another cart token, on logout and on an order placed.
 */

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

function fakeBrowser(path = "/") {
  const calls: Call[] = [];
  const page = { location: { pathname: path }, document: { cookie: "" } };
  vi.stubGlobal("localStorage", memoryStorage());
  vi.stubGlobal("sessionStorage", memoryStorage());
  vi.stubGlobal("location", page.location);
  vi.stubGlobal("document", page.document);
  let contacts = 0;
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const path = url.replace("/api/ext/voyado-engage", "");
    calls.push({
      method: init.method ?? "GET",
      path,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const result = path.startsWith("/contacts")
      ? { contactId: `contact-${++contacts}`, secret: "s3cret" }
      : path.startsWith("/contact-id")
        ? "customer-contact"
        : path === "/contact/customer-contact"
          ? { attributes: { favbrand: "Casa Moretti", favstore: "Webshop" } }
          : { changed: true };
    return new Response(JSON.stringify({ code: 200, result }), { status: 200 });
  });
  return { calls, page, cartReports: () => calls.filter((c) => c.path.endsWith("/cart")) };
}

async function load() {
  const engage = await import("./engage-client.ts");
  const cart = await import("../../session/cart-state.ts");
  const account = await import("../../session/account-store.ts");
  const setCart = (items: { sku: string; qty: number }[]) =>
    cart.cartViewStore.set({
      ...cart.EMPTY_CART_VIEW,
      ready: true,
      items: items as never,
      count: items.length,
    });
  return { engage, setCart, account };
}

/** The reports run one after another; this waits for the queue. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe("customer-data reports", () => {
  it("reports the cart when its hash changes, and the emptied cart once when it becomes empty", async () => {
    const { cartReports } = fakeBrowser();
    const { engage, setCart } = await load();
    engage.watchCart();
    setCart([{ sku: "MS-1", qty: 1 }]);
    await settle();
    setCart([{ sku: "MS-1", qty: 1 }]);
    setCart([{ sku: "MS-1", qty: 2 }]);
    await settle();
    setCart([]);
    await settle();
    setCart([]);
    await settle();
    expect(cartReports().map((c) => c.body)).toEqual([
      { hash: expect.any(String), items: [{ sku: "MS-1", qty: 1 }] },
      { hash: expect.any(String), items: [{ sku: "MS-1", qty: 2 }] },
      { hash: null, items: [] },
    ]);
  });

  it("sends no cart on /checkout-return/", async () => {
    const { cartReports } = fakeBrowser("/checkout-return");
    const { engage, setCart } = await load();
    engage.watchCart();
    setCart([{ sku: "MS-1", qty: 1 }]);
    await settle();
    expect(cartReports()).toEqual([]);
  });

  it("empties the reported cart when the cart token changes, then reports the new cart", async () => {
    const { cartReports, page } = fakeBrowser();
    const { engage, setCart } = await load();
    page.document.cookie = "etalage_cart=cart-one";
    engage.watchCart();
    setCart([{ sku: "MS-1", qty: 1 }]);
    await settle();
    page.document.cookie = "etalage_cart=cart-two";
    setCart([{ sku: "MS-2", qty: 1 }]);
    await settle();
    expect(cartReports().map((c) => c.body)).toEqual([
      { hash: expect.any(String), items: [{ sku: "MS-1", qty: 1 }] },
      { hash: null, items: [] },
      { hash: expect.any(String), items: [{ sku: "MS-2", qty: 1 }] },
    ]);
  });

  it("an order placed empties the cart and counts the order, on the thank-you page too", async () => {
    const { calls, cartReports, page } = fakeBrowser();
    const { engage, setCart } = await load();
    engage.watchCart();
    setCart([{ sku: "MS-1", qty: 1 }]);
    await settle();
    page.location.pathname = "/checkout-return";
    await engage.reportOrderPlaced("100000042", "order-token");
    expect(cartReports().at(-1)!.body).toEqual({ hash: null, items: [] });
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/contact/contact-1/order",
      body: { orderNumber: "100000042", token: "order-token" },
      headers: { "x-contact-secret": "s3cret" },
    });
  });

  it("on login fetches the customer's contact by external id and its data, leaving the contact id as set", async () => {
    const { calls } = fakeBrowser();
    const { engage, setCart } = await load();
    engage.watchCart();
    setCart([{ sku: "MS-1", qty: 1 }]);
    await settle();
    const ownId = JSON.parse(localStorage.getItem("etalage-contact")!).contactId;
    const data = await engage.customerContact("customer-token", "ext-42");
    expect(data).toEqual({ favbrand: "Casa Moretti", favstore: "Webshop" });
    expect(calls.find((c) => c.path.startsWith("/contact-id"))).toMatchObject({
      path: "/contact-id?customKey=ext-42",
      headers: { authorization: "Bearer customer-token" },
    });
    expect(JSON.parse(localStorage.getItem("etalage-contact")!).contactId).toBe(ownId);
    expect(engage.customerData()).toEqual({ contactId: "customer-contact", attributes: data });
  });
});
