import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";
import { E2E_ADMIN_TOKEN } from "../playwright.config.ts";
import { test } from "./fixtures.ts";
import { catalogProducts, expectAccessible, screenshot, watchConsole } from "./support.ts";

/*
 * Offline orders (transactional §4 "Offline", issue 17), with the real service worker: an order
 * placed without a connection waits on the device ('Bestelling wacht!'); back online it is sent
 * from the checkout's thank-you state or, elsewhere, once the shopper confirms it in the
 * order-confirmation modal. The admin API then holds exactly one order for it; an order the stock
 * no longer covers is shown as not placed, with the reason, and the cart keeps its lines.
 */

const CART = "/api/ext/tritonx/cart";
const OFFLINE_BADGE = "Je bent offline. Sommige functies zijn mogelijk niet beschikbaar.";
type Simple = { sku: string; stock?: { qty: number; is_in_stock: boolean }; final_price_incl_tax?: number };

/** The live stock of a sku (the catalogue's copy may be older). */
async function stockQty(request: APIRequestContext, sku: string): Promise<number> {
  const answer = await request.get(`/api/stock/check?sku=${encodeURIComponent(sku)}`);
  if (!answer.ok()) return 0;
  const { result } = (await answer.json()) as { result: { status: string; qty: number } };
  return result.status === "ok" ? result.qty : 0;
}

/** Products of this spec's own (from the end of the list, the checkout spec buys from the start). */
async function ownProduct(
  request: APIRequestContext,
  pick: (qty: number) => boolean,
  skip = 0,
): Promise<string> {
  const simples = (await catalogProducts<Simple>(request, "simple")).filter(
    (p) => p.stock?.is_in_stock && (p.final_price_incl_tax ?? 0) > 10,
  );
  let skipped = 0;
  for (const product of simples.reverse()) {
    if (!pick(await stockQty(request, product.sku))) continue;
    if (skipped++ < skip) continue;
    return product.sku;
  }
  throw new Error("no product for this spec");
}

async function serverCart(request: APIRequestContext, sku: string, qty: number): Promise<string> {
  const id = (await (await request.post(`${CART}/create`, { data: {} })).json()).result as string;
  const added = await request.post(`${CART}/update?cartId=${id}`, {
    data: { cartItem: { sku, qty, quoteId: id } },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return id;
}

async function cartLines(request: APIRequestContext, cartId: string) {
  const answer = await request.get(`${CART}/pull?cartId=${encodeURIComponent(cartId)}`);
  return ((await answer.json()) as { result: { sku: string; qty: number }[] }).result.map((l) => [
    l.sku,
    l.qty,
  ]);
}

/** The orders the shop holds for an e-mail address, through the operator's API. */
async function ordersOf(request: APIRequestContext, email: string) {
  const answer = await request.get(`/api/admin/orders?q=${encodeURIComponent(email)}&pageSize=100`, {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const orders = (await answer.json()).result.items as {
    increment_id: string;
    customer_email: string;
    payment_method: string;
  }[];
  return orders.filter((o) => o.customer_email === email);
}

/** The home page controlled by the worker (so pages seen come back offline), then the checkout. */
async function openCheckout(page: Page, context: BrowserContext, baseURL: string, cartId: string) {
  await context.addCookies([{ name: "etalage_cart", value: cartId, url: baseURL }]);
  await page.goto("/");
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  // Seen again under the worker, the home page is kept for offline use.
  await page.reload();
  await page.waitForLoadState("networkidle");
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Afrekenen", level: 1 })).toBeVisible();
  // Hydrated: the form's submit is React's, which stores the order offline.
  await page.waitForLoadState("networkidle");
}

async function fillDetails(page: Page, email: string) {
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Voornaam").fill("Jan");
  await page.getByLabel("Achternaam").fill("de Vries");
  await page.getByLabel("Postcode").fill("3511 AB");
  await page.getByLabel("Huisnummer").fill("12");
  await page.getByLabel("Straat").fill("Oudegracht");
  await page.getByLabel("Plaats").fill("Utrecht");
}

/** How many orders wait in this browser (IndexedDB `etalage-orders`, as the shop stores them). */
function storedOrders(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("etalage-orders");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("orders")) return resolve(0);
          const get = db.transaction("orders").objectStore("orders").get("offline-orders");
          get.onsuccess = () => resolve((get.result as unknown[] | undefined)?.length ?? 0);
        };
        open.onerror = () => resolve(0);
      }),
  );
}

/** Places the order without a connection: it waits on the device, nothing reached the shop. */
async function placeOffline(page: Page, context: BrowserContext, payment: string) {
  await context.setOffline(true);
  await page.getByLabel(payment).check();
  await page.getByRole("button", { name: "Bestellen en betalen" }).click();
  await expect(page.getByRole("heading", { name: "Bestelling wacht!", level: 1 })).toBeVisible();
  await expect(
    page.getByText("Je bestelling is op dit apparaat bewaard. Ze wordt verstuurd zodra je weer online bent."),
  ).toBeVisible();
  expect(await storedOrders(page)).toBe(1);
}

const unique = (name: string, project: string) =>
  `offline-${name}-${project}-${Date.now().toString(36)}@example.nl`;

test.describe("offline orders", () => {
  test.use({ serviceWorkers: "allow" });
  // Each is a whole journey: the worker installed, the checkout, offline and back, the bank.
  test.describe.configure({ timeout: 60_000 });

  test("paid on delivery: placed offline, it waits, and back online on its thank-you page it is placed exactly once", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const problems = watchConsole(page);
    const email = unique("cod", testInfo.project.name);
    const sku = await ownProduct(request, (qty) => qty > 20, testInfo.project.name === "mobile" ? 0 : 1);
    const cartId = await serverCart(request, sku, 1);
    await openCheckout(page, context, baseURL!, cartId);
    await fillDetails(page, email);
    await placeOffline(page, context, "Betalen bij bezorging");
    await expectAccessible(page);
    await screenshot(page, testInfo, "offline-order-waiting");
    expect(await ordersOf(request, email)).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByRole("heading", { name: "Bedankt voor je bestelling!" })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout-return\?orderId=\d+&token=/);
    await expect(page.getByText(/^Je betaalt € [0-9.,]+ bij de bezorging\.$/)).toBeVisible();
    const orderNumber = /orderId=(\d+)/.exec(page.url())![1];
    await expect(page.getByText(`Je ordernummer is ${orderNumber}.`)).toBeVisible();

    const orders = await ordersOf(request, email);
    expect(orders.map((o) => [o.increment_id, o.payment_method])).toEqual([[orderNumber, "cashondelivery"]]);
    // The ordered cart is gone from this device: its cookie no longer names it.
    expect((await context.cookies()).find((c) => c.name === "etalage_cart")?.value ?? "").not.toBe(cartId);
    // A reload and another online moment send nothing again.
    await page.reload();
    await context.setOffline(true);
    await context.setOffline(false);
    await page.goto("/");
    await expect(page.getByText("Bestelling wacht!")).toHaveCount(0);
    expect(await ordersOf(request, email)).toHaveLength(1);
    expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(p))).toEqual([]);
  });

  test("offline, a missing field is marked and focused, and nothing is stored", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const sku = await ownProduct(request, (qty) => qty > 20, testInfo.project.name === "mobile" ? 4 : 5);
    const cartId = await serverCart(request, sku, 1);
    await openCheckout(page, context, baseURL!, cartId);
    await fillDetails(page, unique("fields", testInfo.project.name));
    await page.getByLabel("Plaats").fill("");
    await context.setOffline(true);
    try {
      await page.getByRole("button", { name: "Bestellen en betalen" }).click();
      const city = page.getByLabel("Plaats");
      await expect(city).toHaveAttribute("aria-invalid", "true");
      await expect(city).toBeFocused();
      await expect(page.getByText("Dit veld is verplicht")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Bestelling wacht!" })).toHaveCount(0);
      expect(await storedOrders(page)).toBe(0);
    } finally {
      await context.setOffline(false);
    }
  });

  test("iDEAL: placed offline, confirmed on another page once online, then paid, and placed once", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const email = unique("ideal", testInfo.project.name);
    const sku = await ownProduct(request, (qty) => qty > 20, testInfo.project.name === "mobile" ? 2 : 3);
    const cartId = await serverCart(request, sku, 1);
    await openCheckout(page, context, baseURL!, cartId);
    await fillDetails(page, email);
    await placeOffline(page, context, "iDEAL");

    // Still offline, the shopper goes on browsing a page seen before.
    await page.goto("/");
    await expect(page.getByText(OFFLINE_BADGE)).toBeVisible();
    await page.waitForLoadState("load");
    await context.setOffline(false);

    const ask = page.getByRole("button", {
      name: "Klik hier om de bestelling te bevestigen die je offline hebt geplaatst.",
    });
    await expect(ask).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("Bestelling wacht!")).toBeVisible();
    await screenshot(page, testInfo, "offline-order-toast");
    expect(await ordersOf(request, email)).toEqual([]);
    await ask.click();

    const modal = page.getByRole("dialog", { name: "Bestelling wacht!" });
    await expect(
      modal.getByText("Je hebt deze bestelling offline geplaatst.", { exact: false }),
    ).toBeVisible();
    await expect(modal.getByRole("button", { name: "Bestelling bevestigen" })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "offline-order-confirmation");
    await modal.getByRole("button", { name: "Bestelling bevestigen" }).click();

    // The order is placed; its payment continues at the bank, and comes back to /checkout-return.
    await expect(page.getByText("Testbetaling", { exact: true })).toBeVisible({ timeout: 15_000 });
    const placed = await ordersOf(request, email);
    expect(placed.map((o) => o.payment_method)).toEqual(["ideal"]);
    await page.getByRole("button", { name: "Betalen (gelukt)" }).click();
    await expect(page).toHaveURL(/\/checkout-return\?/);
    await expect(
      page.getByRole("heading", { name: /Bedankt voor je bestelling|Je betaling wordt verwerkt/ }),
    ).toBeVisible();
    await expect(page.getByText(`Je ordernummer is ${placed[0]!.increment_id}.`)).toBeVisible();
    expect(await ordersOf(request, email)).toHaveLength(1);
  });

  test("refused for stock: the order is shown as not placed with the reason, and the cart keeps its lines", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const email = unique("stock", testInfo.project.name);
    const sku = await ownProduct(
      request,
      (qty) => qty >= 1 && qty <= 20,
      testInfo.project.name === "mobile" ? 0 : 1,
    );
    const cartId = await serverCart(request, sku, 1);
    await openCheckout(page, context, baseURL!, cartId);
    await fillDetails(page, email);
    await placeOffline(page, context, "Betalen bij bezorging");

    // Meanwhile another shopper buys what is left.
    const left = await stockQty(request, sku);
    const other = await serverCart(request, sku, left);
    const bought = await request.post("/api/order", {
      headers: { "idempotency-key": `other-${cartId}` },
      data: {
        order_id: `other-${cartId}`,
        cart_id: other,
        addressInformation: {
          shippingAddress: {
            firstname: "Piet",
            lastname: "Jansen",
            street: ["Markt", "1"],
            postcode: "3511 AB",
            city: "Utrecht",
            country_id: "NL",
          },
          billingAddress: {
            firstname: "Piet",
            lastname: "Jansen",
            street: ["Markt", "1"],
            postcode: "3511 AB",
            city: "Utrecht",
            country_id: "NL",
          },
          shipping_carrier_code: "postnl",
          shipping_method_code: "standard",
          payment_method_code: "cashondelivery",
        },
        personalDetails: { email: `other-${email}` },
      },
    });
    expect(bought.status(), await bought.text()).toBe(200);
    expect(await stockQty(request, sku)).toBe(0);

    await context.setOffline(false);
    await expect(
      page.getByRole("heading", { name: "Je bestelling is niet geplaatst.", level: 1 }),
    ).toBeVisible();
    await expect(
      page
        .locator("main")
        .getByRole("alert")
        .filter({ hasText: "Sommige bestelde artikelen zijn niet beschikbaar!" }),
    ).toBeVisible();
    await expect(page.getByText("Je winkelwagen bevat de artikelen nog.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Terug naar afrekenen" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await expectAccessible(page);
    await screenshot(page, testInfo, "offline-order-refused");
    expect(await ordersOf(request, email)).toEqual([]);
    expect(await cartLines(request, cartId)).toEqual([[sku, 1]]);
    expect((await context.cookies()).find((c) => c.name === "etalage_cart")?.value).toBe(cartId);
  });
});
