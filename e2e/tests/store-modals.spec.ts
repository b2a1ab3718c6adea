import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";
import { E2E_ORIGIN } from "../playwright.config.ts";
import { test } from "./fixtures.ts";
import {
  expectAccessible,
  guestCartWith,
  open,
  screenshot,
  stockedSimples,
  untilHydrated,
  watchConsole,
} from "./support.ts";

/**
 * The store-locator, store-list and service-points modals (browsing §2, issue 18): opened from the
 * product page, the footer and checkout; each a dialog that keeps focus, closes on Escape and
 * gives focus back to what opened it.
 */
// Journeys of many steps, each with an axe scan and a full-page screenshot: a busy machine needs
// more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

async function productPath(page: Page): Promise<string> {
  const sitemap = await (await page.request.get("/sitemaps/products-1.xml")).text();
  const url = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => m[1]!)
    .find((u) => !u.includes("/img/"));
  return new URL(url!).pathname;
}

/** Tab a full round through the dialog: focus never leaves it. */
async function expectFocusKept(page: Page) {
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);
  }
}

test.describe("store modals (issue 18)", () => {
  test("the product page's 'Ook in onze winkels' finds the nearest store by postcode", async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto(await productPath(page));
    await page.waitForLoadState("networkidle");
    const opener = page.getByRole("link", { name: "Ook in onze winkels" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Vind een winkel" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Alle winkels" })).toBeVisible({ timeout: 15_000 });

    // 3441 is Woerden: no store there, Utrecht's is the nearest (the four-digit postcode table).
    await dialog.getByLabel("Postcode of plaats").fill("3441 AB");
    await dialog.getByRole("button", { name: "Vind een winkel" }).click();
    await expect(dialog.getByRole("heading", { name: "Winkels het dichtst bij 3441 AB" })).toBeVisible();
    await expect(dialog.locator(".store-card").first()).toContainText("Utrecht");
    await expect(dialog.getByRole("link", { name: /Etalage .*, Utrecht/ })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "store-locator-modal");
    await expectFocusKept(page);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(problems).toEqual([]);
  });

  test("the footer's 'Onze winkels' lists every store; a store's link leads to its page", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const opener = page.locator("footer").getByRole("link", { name: "Onze winkels" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Onze winkels" });
    // The list arrives from the locator's loader; a busy shop may take a few seconds.
    await expect(dialog.getByRole("heading", { name: "Alle winkels" })).toBeVisible({ timeout: 15_000 });
    expect(await dialog.locator(".store-card").count()).toBeGreaterThanOrEqual(15);
    await expectAccessible(page);
    await screenshot(page, testInfo, "store-list-modal");

    await dialog.getByRole("button", { name: "Sluiten" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await dialog.locator(".store-card").filter({ hasText: "Maastricht" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/storelocator\/maastricht/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

async function cartWithProduct(request: APIRequestContext, context: BrowserContext, baseURL: string) {
  const simples = await stockedSimples(request);
  // Far from the checkout spec's products, so the two never share stock.
  const product = simples[(simples.length - 1 - Math.floor(Math.random() * 40)) % simples.length]!;
  await guestCartWith(request, context, baseURL, product.sku);
}

test("checkout's pick-up point chosen in the service-points modal", async ({
  page,
  request,
  context,
  baseURL,
}, testInfo) => {
  await cartWithProduct(request, context, baseURL!);
  await page.goto("/checkout");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("E-mailadres").fill("afhalen@example.nl");
  await page.getByLabel("Voornaam").fill("Jan");
  await page.getByLabel("Achternaam").fill("de Vries");
  await page.getByLabel("Postcode").fill("9711 AB");
  await page.getByLabel("Huisnummer").fill("3");
  await page.getByLabel("Straat").fill("Grote Markt");
  await page.getByLabel("Plaats").fill("Groningen");
  await page.getByLabel("Ophalen bij een PostNL-punt").check();

  const opener = page.getByRole("button", { name: "Kies een afhaalpunt" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Kies een afhaalpunt" });
  const points = dialog.getByRole("radio");
  await expect(points.first()).toBeVisible();
  // Groningen's points, nearest first.
  await expect(dialog.locator(".service-points__list li").first()).toContainText("97");
  await dialog.getByRole("button", { name: "Kies dit afhaalpunt" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Kies een afhaalpunt");
  await expectAccessible(page);
  await screenshot(page, testInfo, "service-points-modal");
  const name = (await dialog.locator(".service-points__list strong").first().textContent())!;
  await points.first().check();
  await dialog.getByRole("button", { name: "Kies dit afhaalpunt" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: name })).toBeVisible();

  await page.getByLabel("Betalen bij bezorging").check();
  await page.getByRole("button", { name: "Bestellen en betalen" }).click();
  await expect(page.getByRole("heading", { name: "Bedankt voor je bestelling!" })).toBeVisible();
});

test.describe("my store for the customer-data platform", () => {
  // A visitor who agreed to analytics: the platform may know their store.
  test.use({
    storageState: {
      cookies: [],
      origins: [
        {
          origin: E2E_ORIGIN,
          localStorage: [
            {
              name: "etalage-consent",
              value: JSON.stringify({ analytics: true, marketing: false, version: 1, at: Date.now() }),
            },
            { name: "etalage-newsletter-modal-shown", value: "1" },
          ],
        },
      ],
    },
  });

  test("'Maak dit mijn winkel' sends favstore to the visitor's contact", async ({ page }) => {
    await open(page, "/storelocator?q=Utrecht");
    const link = page.locator(".store-card").first().getByRole("link").first();
    await link.click();
    await expect(page).toHaveURL(/\/storelocator\/utrecht/);
    const storeId = new URL(page.url()).pathname.split("/").pop()!;
    await page.waitForLoadState("networkidle");
    // The button answers once the page has hydrated (a client navigation, or a document of its own).
    await untilHydrated(page);
    const patch = page.waitForResponse(
      (r) => r.request().method() === "PATCH" && /\/api\/ext\/voyado-engage\/contact\//.test(r.url()),
    );
    await page.getByRole("button", { name: "Maak dit mijn winkel" }).click();
    const response = await patch;
    expect(response.request().postDataJSON()).toEqual({ favstore: storeId });
    expect(response.status()).toBe(200);
    expect((await response.json()).result.attributes.favstore).toBe(storeId);
  });
});
