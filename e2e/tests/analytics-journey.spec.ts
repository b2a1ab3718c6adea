import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";
import { catalogProducts, expectAccessible, screenshot, watchConsole } from "./support.ts";

/*
 * Issue 15: a whole shopping journey, listing → product → cart → checkout → paid, tells the tag
 * manager GA4's ecommerce events in GA4's order with GA4's parameters, each after the
 * `{ ecommerce: null }` GTM needs; the thank-you page counts the purchase once, also on reload.
 */
test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ timeout: 120_000 });

const GTM = /^https:\/\/www\.googletagmanager\.com\//;
const RECORD = "e2e-data-layer";

type Entry = { event?: string; ecommerce?: Record<string, unknown> | null };
type Item = Record<string, unknown>;

/**
 * Every data-layer entry of the journey, across the documents it spans (the checkout posts as a
 * document, the payment page is another): the page's own `window.dataLayer`, recorded as pushed.
 */
async function recordDataLayer(page: Page) {
  await page.addInitScript((key) => {
    const layer: unknown[] = [];
    const push = Array.prototype.push;
    layer.push = function (this: unknown[], ...entries: unknown[]) {
      const all = JSON.parse(sessionStorage.getItem(key) ?? "[]") as unknown[];
      for (const entry of entries)
        all.push(
          Object.prototype.toString.call(entry) === "[object Arguments]"
            ? Array.from(entry as ArrayLike<unknown>)
            : JSON.parse(JSON.stringify(entry)),
        );
      sessionStorage.setItem(key, JSON.stringify(all));
      return push.apply(this, entries);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  }, RECORD);
}

async function recorded(page: Page): Promise<Entry[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as Entry[], RECORD);
}

const ecommerce = (entries: Entry[]) =>
  entries.filter((e) => e && typeof e === "object" && !Array.isArray(e) && e.ecommerce);
const names = async (page: Page) => ecommerce(await recorded(page)).map((e) => e.event);

interface Simple {
  sku: string;
  name: string;
  slug: string;
  stock?: { qty: number; is_in_stock: boolean };
}

test("a shopping journey tells GA4's events in order, with GA4's parameters, and the purchase once", async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page);
  const gtm: string[] = [];
  await page.route(GTM, async (route) => {
    gtm.push(route.request().url());
    await route.fulfill({ status: 200, contentType: "application/javascript", body: "" });
  });
  await recordDataLayer(page);
  // The customer-data platform's reports, with the page they were sent from.
  const engage: { method: string; path: string; body: unknown; from: string }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/ext/voyado-engage/contact/")) return;
    engage.push({
      method: request.method(),
      path: url.pathname.replace(/^\/api\/ext\/voyado-engage\/contact\/[^/]+/, ""),
      body: request.postDataJSON(),
      from: new URL(page.url()).pathname,
    });
  });

  // The listing: a belt in stock (a simple product: no size to choose).
  const simples = (await catalogProducts<Simple>(request, "simple")).filter(
    (p) => p.stock?.is_in_stock && p.stock.qty > 10,
  );
  await page.goto("/accessoires/riemen/");
  await page
    .getByRole("dialog", { name: "Wij gebruiken cookies" })
    .getByRole("button", { name: "Alles accepteren" })
    .click();
  await page
    .getByRole("dialog", { name: "Nieuwsbrief" })
    .getByRole("button", { name: "Nee, bedankt" })
    .click();
  await expect.poll(() => gtm.length).toBe(1);
  await expect.poll(() => names(page)).toEqual(["view_item_list"]);

  const hrefs = await page
    .locator(".product-card a.product-card__link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  const product = simples.find((p) => hrefs.includes(`/${p.slug}/`));
  expect(product, "an in-stock belt on the listing's first page").toBeTruthy();
  const index = hrefs.indexOf(`/${product!.slug}/`);
  await page.locator(`.product-card a[href="/${product!.slug}/"]`).first().click();
  await page.waitForURL((url) => url.pathname === `/${product!.slug}/`);
  await expect.poll(() => names(page)).toEqual(["view_item_list", "select_item", "view_item"]);

  // The server cart has the belt when its update is answered: the checkout shows that cart.
  const updated = page.waitForResponse(
    (r) => r.url().includes("/api/ext/tritonx/cart/update") && r.request().method() === "POST" && r.ok(),
  );
  await page.getByRole("button", { name: "In winkelwagen" }).click();
  await updated;
  await expect.poll(() => names(page)).toEqual(["view_item_list", "select_item", "view_item", "add_to_cart"]);

  await page
    .getByRole("button", { name: /^Winkelwagen/ })
    .filter({ visible: true })
    .first()
    .click();
  const microcart = page.getByRole("dialog", { name: /^Winkelwagen/ });
  await expect(microcart.getByText(product!.name)).toBeVisible();
  await expect(microcart).not.toHaveAttribute("aria-busy", "true");
  await microcart.getByRole("link", { name: "Naar afrekenen" }).click();
  await expect(page.getByRole("heading", { name: "Afrekenen", level: 1 })).toBeVisible();
  await expect
    .poll(() => names(page))
    .toEqual(["view_item_list", "select_item", "view_item", "add_to_cart", "view_cart", "begin_checkout"]);

  await page.getByLabel("E-mailadres").fill("ga4@example.nl");
  await page.getByLabel("Voornaam").fill("Jan");
  await page.getByLabel("Achternaam").fill("de Vries");
  await page.getByLabel("Postcode").fill("3511 AB");
  await page.getByLabel("Huisnummer").fill("12");
  await page.getByLabel("Straat").fill("Oudegracht");
  await page.getByLabel("Plaats").fill("Utrecht");
  await page.getByLabel("Avondbezorging").check();
  await expect.poll(async () => (await names(page)).at(-1)).toBe("add_shipping_info");
  // iDEAL is the method already chosen: the shopper's choice is told as the order is placed.
  await expect(page.getByLabel("iDEAL")).toBeChecked();
  await expectAccessible(page);
  await screenshot(page, testInfo, "analytics-checkout");

  await page.getByRole("button", { name: "Bestellen en betalen" }).click();
  await page.getByRole("button", { name: "Betalen (gelukt)" }).click();
  const thanks = page.getByText(/Je ordernummer is (1\d{8})\./);
  await expect(thanks).toBeVisible();
  const orderNumber = /1\d{8}/.exec((await thanks.textContent()) ?? "")![0];
  await expect.poll(async () => (await names(page)).at(-1)).toBe("purchase");
  // The platform heard the order (cart emptied, the order for the favourites); the cart that
  // became the order is gone from this browser too.
  await expect
    .poll(() => engage.filter((r) => r.path === "/order").map((r) => r.body))
    .toEqual([{ orderNumber, token: expect.any(String) }]);
  expect(engage.filter((r) => r.path === "/cart").map((r) => r.body)).toEqual([
    { hash: expect.any(String), items: [{ sku: product!.sku, qty: 1 }] },
    { hash: null, items: [] },
  ]);
  await screenshot(page, testInfo, "analytics-thank-you");

  // A reload of the thank-you state counts nothing again.
  const pageViews = async () => (await recorded(page)).filter((e) => e.event === "page_view").length;
  const viewsBefore = await pageViews();
  await page.reload();
  await expect(thanks).toBeVisible();
  // The shell tags the page after the page's own effects ran: a second purchase would be there.
  await expect.poll(pageViews).toBe(viewsBefore + 1);

  const entries = await recorded(page);
  const events = ecommerce(entries);
  expect(events.map((e) => e.event)).toEqual([
    "view_item_list",
    "select_item",
    "view_item",
    "add_to_cart",
    "view_cart",
    "begin_checkout",
    "add_shipping_info",
    "add_payment_info",
    "purchase",
  ]);
  // Each one right after the reset GTM's recursive merge needs.
  for (const event of events) expect(entries[entries.indexOf(event) - 1]).toEqual({ ecommerce: null });

  const [list, select, view, add, cart, begin, shipping, payment, bought] = events.map(
    (e) => e.ecommerce as Record<string, unknown> & { items: Item[] },
  );
  const listItem = list!.items[index]!;
  expect(listItem).toMatchObject({ item_id: product!.sku, item_name: product!.name, index });
  expect(list!.item_list_id).toMatch(/^category-\d+$/);
  expect(select!.items).toEqual([listItem]);
  expect(select).toMatchObject({ item_list_id: list!.item_list_id, item_list_name: list!.item_list_name });
  const price = view!.items[0]!.price as number;
  expect(view).toMatchObject({ currency: "EUR", value: price });
  expect(view!.items[0]).toMatchObject({ item_id: product!.sku, item_name: product!.name, quantity: 1 });

  const line = { item_id: product!.sku, item_name: product!.name, price, quantity: 1 };
  expect(add).toEqual({ currency: "EUR", value: price, items: [expect.objectContaining(line)] });
  expect(cart).toEqual({ currency: "EUR", value: price, items: [{ ...add!.items[0], index: 0 }] });
  expect(begin).toEqual({ currency: "EUR", value: price, items: cart!.items });
  expect(shipping).toEqual({
    currency: "EUR",
    value: price,
    shipping_tier: "Avondbezorging",
    items: cart!.items,
  });
  expect(payment).toEqual({ currency: "EUR", value: price, payment_type: "iDEAL", items: cart!.items });

  expect(bought).toMatchObject({
    transaction_id: orderNumber,
    affiliation: "Etalage",
    currency: "EUR",
    value: price,
    items: cart!.items,
  });
  expect(bought!.shipping).toBeGreaterThan(0);
  // The VAT in what was paid (prices include it): more than nothing, less than the 21 % rate's share.
  const paid = price + (bought!.shipping as number);
  expect(bought!.tax).toBeGreaterThan(0);
  expect(bought!.tax).toBeLessThanOrEqual(Math.round((paid - paid / 1.21) * 100) / 100);
  expect(bought).not.toHaveProperty("coupon");

  // The cart that became the order is gone from this browser too (the thank-you page shows no
  // header cart on a phone: minimal distraction; the shop's next page does).
  await page.getByRole("link", { name: "Verder winkelen" }).click();
  await expect(
    page
      .getByRole("button", { name: /^Winkelwagen/ })
      .filter({ visible: true })
      .first(),
  ).toHaveAccessibleName("Winkelwagen");
  expect(problems).toEqual([]);
});
