import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectAccessible, screenshot, watchConsole } from "./support.ts";

const ADMIN = { authorization: "Bearer etalage-e2e-admin-token-0123456789" };

test.describe("store locator (issue 18)", () => {
  test("finds a store by postcode, opens it and makes it my store", async ({ page }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto("/storelocator");
    await expect(page.getByRole("heading", { level: 1, name: "Onze winkels" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Alle winkels" })).toBeVisible();
    // Every pin on the map is a link named after its store.
    await expect(page.getByRole("link", { name: /Etalage .*, Amsterdam/ }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");

    await page.getByLabel("Postcode of plaats").fill("3012 AB");
    await page.getByRole("button", { name: "Vind een winkel" }).click();
    await expect(page.getByRole("heading", { name: "Winkels het dichtst bij 3012 AB" })).toBeVisible();
    const first = page.locator(".store-card").first();
    await expect(first).toContainText("Rotterdam");
    await expect(first.locator(".store-state")).toHaveText(/^(Nu open tot \d\d:\d\d|Gesloten.*)$/);
    await expectAccessible(page);
    await screenshot(page, testInfo, "storelocator-postcode");

    await first.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/storelocator\/rotterdam-/);
    await expect(page.getByRole("heading", { name: "Openingstijden", exact: true })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "maandag" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const make = page.getByRole("button", { name: "Maak dit mijn winkel" });
    await make.click();
    await expect(page.getByRole("button", { name: "Dit is je winkel" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expectAccessible(page);
    await screenshot(page, testInfo, "store-page");

    // The choice holds across pages: the list marks it.
    await page.goto("/storelocator?q=Rotterdam");
    await expect(page.locator(".store-card").first().getByText("Mijn winkel")).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("says so when the shopper refuses their location", async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto("/storelocator");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Gebruik mijn locatie" }).click();
    // Chromium answers an unanswered permission prompt only when the request times out (10 s).
    await expect(page.getByRole("alert").filter({ hasText: "locatie" })).toHaveText(
      "Je locatie is niet beschikbaar. Zoek op postcode of plaats.",
      {
        timeout: 15_000,
      },
    );
  });

  test("uses the shopper's location when given", async ({ page, context }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 53.219, longitude: 6.566 });
    await page.goto("/storelocator");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Gebruik mijn locatie" }).click();
    await expect(page.getByRole("heading", { name: "Winkels bij jou in de buurt" })).toBeVisible();
    await expect(page.locator(".store-card").first()).toContainText("Groningen");
  });
});

test.describe("reviews (issue 18)", () => {
  test("a shopper writes a review, the operator approves it, it shows on the product page", async ({
    page,
    request,
  }, testInfo) => {
    const problems = watchConsole(page);
    const sitemap = await (await request.get("/sitemaps/products-1.xml")).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => m[1]!)
      .filter((u) => !u.includes("/img/"));
    // A product of its own per run: from the back of the catalogue, where no demo review is.
    const path = new URL(urls[urls.length - 1 - Math.floor(Math.random() * 200)]!).pathname;
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { name: "Reviews" })).toBeVisible();

    await page.getByRole("button", { name: "Schrijf een review" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Review versturen" }).click();
    await expect(dialog.getByText("Kies een beoordeling")).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "review-modal");

    const title = `Past perfect ${randomUUID().slice(0, 8)}`;
    await dialog.getByRole("radio", { name: "4 sterren" }).check();
    await dialog.getByLabel("Samenvatting van je review").fill(title);
    await dialog
      .getByRole("textbox", { name: "Review", exact: true })
      .fill("Mooie stof en valt precies goed.");
    await dialog.getByLabel("Schuilnaam").fill("Kees");
    await dialog.getByLabel("E-mailadres").fill(`kees-${randomUUID()}@example.nl`);
    await dialog.getByRole("button", { name: "Review versturen" }).click();
    await expect(dialog.getByRole("status")).toHaveText(
      "Bedankt voor je review! Hij verschijnt zodra we hem hebben gecontroleerd.",
    );
    await dialog.getByRole("button", { name: "OK", exact: true }).click();
    await expect(page.getByText(title)).toHaveCount(0);

    // The operator approves it.
    const pending = await (await request.get("/api/admin/reviews?status=pending", { headers: ADMIN })).json();
    const mine = pending.result.find((r: { title: string }) => r.title === title);
    expect(mine).toBeTruthy();
    const approve = await request.post(`/api/admin/reviews/${mine.id}/approve`, { headers: ADMIN, data: {} });
    expect(approve.ok()).toBe(true);

    await page.reload();
    // The reviews section renders again once the page hydrates: wait for that, then look.
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("img", { name: "4 van de 5 sterren" })).toBeVisible();
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = ld.map((text) => JSON.parse(text)).find((json) => json["@type"] === "Product");
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(product.review[0].name).toBe(title);
    await page.getByRole("heading", { name: "Reviews" }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "product-reviews");
    expect(problems).toEqual([]);
  });
});

test.describe("search engines (issue 18)", () => {
  test("the sitemaps are well-formed XML and robots.txt names them", async ({ page, request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
    await page.goto("/");
    const files = [
      "/sitemap.xml",
      "/sitemaps/categories-1.xml",
      "/sitemaps/products-1.xml",
      "/sitemaps/stores-1.xml",
    ];
    for (const file of files) {
      const text = await (await request.get(file)).text();
      const problem = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, "application/xml");
        return doc.querySelector("parsererror")?.textContent ?? null;
      }, text);
      expect(problem, file).toBeNull();
    }
  });
});
