import { expect } from "@playwright/test";
import { E2E_ADMIN_TOKEN } from "../playwright.config.ts";
import { test } from "./fixtures.ts";
import { expectAccessible, screenshot } from "./support.ts";

/**
 * Issue 13 "Safety": a product sold out while its shopper was filling in the checkout. The order
 * is refused as a whole, the shopper is told in Dutch which product it is, and the cart stays as
 * it was. The product is the test's own, so no other spec's stock is touched.
 */
const CART = "/api/ext/tritonx/cart";
const run = Date.now() % 1_000_000;

function product(n: number, qty: number, price = 74.3802) {
  return {
    type: "product",
    data: {
      id: 9_700_000 + (run % 10_000) * 10 + n,
      sku: `E2E-STOCK-${run}-${n}`,
      name: `Uitverkochte loafer ${run}-${n}`,
      type_id: "simple",
      status: 1,
      visibility: 4,
      url_key: `uitverkochte-loafer-${run}-${n}`,
      url_path: `uitverkochte-loafer-${run}-${n}`,
      slug: `uitverkochte-loafer-${run}-${n}`,
      price,
      tax_class_id: 2,
      stock: { qty, is_in_stock: qty > 0 },
      category: [],
      category_ids: [],
    },
  };
}

test("a product sold out during checkout is named in Dutch and nothing is ordered", async ({
  page,
  request,
  context,
  baseURL,
}, testInfo) => {
  // Two catalogue imports and a whole-document form post: more than a page view's time.
  test.slow();
  const n = testInfo.project.name === "mobile" ? 1 : 2;
  const importStock = async (qty: number) => {
    const res = await request.post("/api/admin/catalog/import", {
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/x-ndjson" },
      data: `${JSON.stringify(product(n, qty))}\n`,
    });
    expect(res.status()).toBe(200);
  };
  await importStock(2);
  const { sku, name } = product(n, 2).data;
  const cartId = (await (await request.post(`${CART}/create`, { data: {} })).json()).result as string;
  const added = await request.post(`${CART}/update?cartId=${cartId}`, {
    data: { cartItem: { sku, qty: 1, quoteId: cartId } },
  });
  expect(added.ok()).toBe(true);
  await context.addCookies([{ name: "etalage_cart", value: cartId, url: baseURL! }]);

  await page.goto("/checkout");
  const summary = page.getByRole("complementary", { name: "Overzicht van je bestelling" });
  await expect(summary.getByText(name)).toBeVisible();
  await page.getByLabel("E-mailadres").fill("koper@example.nl");
  await page.getByLabel("Voornaam").fill("Jan");
  await page.getByLabel("Achternaam").fill("de Vries");
  await page.getByLabel("Postcode").fill("3511 AB");
  await page.getByLabel("Huisnummer").fill("12");
  await page.getByLabel("Straat").fill("Oudegracht");
  await page.getByLabel("Plaats").fill("Utrecht");

  // Meanwhile the last pairs are sold elsewhere.
  await importStock(0);
  await page.getByRole("button", { name: "Bestellen en betalen" }).click();

  const alert = page
    .getByRole("alert")
    .filter({ hasText: "Sommige bestelde artikelen zijn niet beschikbaar!" });
  // The refusal comes back as the next document: the shopper waits for the server's answer.
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText(name);
  await expect(alert).not.toContainText(sku);
  // Still the checkout, with the details kept and the cart untouched.
  await expect(page.getByRole("heading", { name: "Afrekenen", level: 1 })).toBeVisible();
  await expect(page.getByLabel("E-mailadres")).toHaveValue("koper@example.nl");
  const lines = await (await request.get(`${CART}/pull?cartId=${cartId}`)).json();
  expect(lines.result.map((l: { sku: string }) => l.sku)).toEqual([sku]);
  await expectAccessible(page);
  await screenshot(page, testInfo, "checkout-sold-out");
});

test("a price raised while the shopper fills in the checkout is shown before the order is placed", async ({
  page,
  request,
  context,
  baseURL,
}, testInfo) => {
  test.slow();
  const n = testInfo.project.name === "mobile" ? 3 : 4;
  const importPrice = async (price: number) => {
    const res = await request.post("/api/admin/catalog/import", {
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/x-ndjson" },
      data: `${JSON.stringify(product(n, 10, price))}\n`,
    });
    expect(res.status()).toBe(200);
  };
  // € 90,00 including VAT, free delivery; then € 121,00.
  await importPrice(74.3802);
  const { sku } = product(n, 10).data;
  const cartId = (await (await request.post(`${CART}/create`, { data: {} })).json()).result as string;
  await request.post(`${CART}/update?cartId=${cartId}`, {
    data: { cartItem: { sku, qty: 1, quoteId: cartId } },
  });
  await context.addCookies([{ name: "etalage_cart", value: cartId, url: baseURL! }]);

  await page.goto("/checkout");
  const summary = page.getByRole("complementary", { name: "Overzicht van je bestelling" });
  await expect(summary.getByText("€ 90,00").last()).toBeVisible();
  await page.getByLabel("E-mailadres").fill("koper@example.nl");
  await page.getByLabel("Voornaam").fill("Jan");
  await page.getByLabel("Achternaam").fill("de Vries");
  await page.getByLabel("Postcode").fill("3511 AB");
  await page.getByLabel("Huisnummer").fill("12");
  await page.getByLabel("Straat").fill("Oudegracht");
  await page.getByLabel("Plaats").fill("Utrecht");
  await page.getByLabel("Betalen bij bezorging").check();

  await importPrice(100);
  await page.getByRole("button", { name: "Bestellen en betalen" }).click();
  // Not placed: the new total is shown, and the shopper commits again knowingly.
  await expect(
    page.getByRole("alert").filter({ hasText: "Het totaal van je bestelling is gewijzigd" }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(summary.getByText("€ 121,00").last()).toBeVisible();
  // The cart is still open: nothing was ordered.
  const open = await (await request.get(`${CART}/pull?cartId=${cartId}`)).json();
  expect(open.result.map((l: { sku: string }) => l.sku)).toEqual([sku]);
  await expectAccessible(page);
  await screenshot(page, testInfo, "checkout-total-changed");
  await page.getByRole("button", { name: "Bestellen en betalen" }).click();
  await expect(page.getByRole("heading", { name: "Bedankt voor je bestelling!" })).toBeVisible({
    timeout: 20_000,
  });
});
