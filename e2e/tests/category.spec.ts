import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectAccessible, screenshot, watchConsole } from "./support.ts";

/** The demo shop's "Lichtblauw" colour option (id 53): enough shirts for three pages. */
const LIGHT_BLUE = "53";

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** "229 artikelen" → 229. */
async function itemCount(page: Page): Promise<number> {
  const text = (await page.locator(".listing__count").textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
}

/** The prices the first cards ask (a special price before the struck-through one), read at once. */
async function cardPrices(page: Page, count: number): Promise<number[]> {
  const texts = await page
    .locator(".product-card")
    .evaluateAll(
      (cards, n) =>
        cards
          .slice(0, n)
          .map(
            (card) =>
              (card.querySelector(".price__special") ?? card.querySelector(".price"))?.textContent ?? "",
          ),
      count,
    );
  // "Actieprijs: € 1.234,56" → 1234.56
  return texts.map((text) => Number(text.replace(/[^\d,]/g, "").replace(",", ".")));
}

const isAscending = (values: number[]) => values.every((v, i) => i === 0 || (values[i - 1] as number) <= v);

/** Filters live in the sidebar on desktop and in the 'Filter & sort' panel on phones. */
async function filters(page: Page): Promise<Locator> {
  if (!isMobile(page)) return page.getByRole("complementary", { name: "Filters" });
  const dialog = page.getByRole("dialog", { name: "Filteren & sorteren" });
  if (!(await dialog.isVisible())) {
    await page.getByRole("button", { name: /Filteren & sorteren/ }).click();
    await expect(dialog).toBeVisible();
  }
  return dialog;
}

/** Opens a filter section when it is collapsed (the phone panel keeps one open at a time). */
async function openSection(scope: Locator, title: string) {
  const details = scope.locator("details", { has: scope.page().locator("summary", { hasText: title }) });
  const summary = details.locator("summary");
  if ((await details.getAttribute("open")) === null) await summary.click();
  await expect(details).toHaveAttribute("open", "");
}

async function closePanel(page: Page) {
  if (!isMobile(page)) return;
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Toon .* artikelen$/ })
    .click();
  await expect(page.getByRole("dialog")).toBeHidden();
}

test.describe("category listing", () => {
  test("menu → category → filter → sort → paginate → product", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // Every step below is a client-side navigation: the document is never loaded again.
    await page.evaluate(() => Object.assign(window, { etalageSameDocument: true }));
    await page.locator('a[href="/kleding/"], a[href="/c/kleding"]').filter({ visible: true }).first().click();
    // The CMS (categories/kleding) gives Kleding an alternate title: "Herenkleding voor …".
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/kleding/i);
    await page
      .getByRole("navigation", { name: "Subcategorieën" })
      .getByRole("link", { name: "Overhemden" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overhemden");
    await expect(
      page.getByRole("navigation", { name: "Kruimelpad" }).or(page.locator(".back-link")),
    ).not.toHaveCount(0);
    const all = await itemCount(page);
    expect(all).toBeGreaterThan(24);
    await expect(page.locator(".product-grid > li")).toHaveCount(24);

    // Page 2 first, so choosing a filter has a page to drop.
    await page.getByRole("link", { name: "Pagina 2" }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);

    const scope = await filters(page);
    await openSection(scope, "Kleur");
    await scope.getByRole("checkbox", { name: /^Lichtblauw/ }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]color=${LIGHT_BLUE}(&|$)`));
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(scope.getByRole("checkbox", { name: /^Lichtblauw/ })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await closePanel(page);
    // The address changes as the new page starts rendering: wait for the page to show it.
    await expect.poll(() => itemCount(page)).toBeLessThan(all);
    expect(await itemCount(page)).toBeGreaterThan(24);
    await expect(page.getByRole("button", { name: /Filter/ }).filter({ visible: true })).toContainText("1");

    // Price ascending: each of the first cards costs no more than the next.
    if (isMobile(page)) {
      const panel = await filters(page);
      await openSection(panel, "Sorteer op");
      await panel.getByRole("link", { name: "Prijs oplopend" }).click();
      await expect(page).toHaveURL(/sort=final_price:asc/);
      await closePanel(page);
    } else {
      await page.getByLabel("Sorteer op").selectOption("final_price:asc");
      await expect(page).toHaveURL(/sort=final_price:asc/);
    }
    await expect(page).toHaveURL(new RegExp(`color=${LIGHT_BLUE}`));
    const cards = page.locator(".product-card");
    await expect.poll(async () => isAscending(await cardPrices(page, 8))).toBe(true);
    const [first = 0, second = 0] = await cardPrices(page, 2);
    expect(first).toBeLessThanOrEqual(second);

    // Page 2 and back.
    const firstOnPage1 = (await cards.first().getByRole("heading").textContent()) ?? "";
    await page.getByRole("link", { name: "Volgende pagina" }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(page.getByRole("link", { name: "Pagina 2" })).toHaveAttribute("aria-current", "page");
    await expect(cards.first().getByRole("heading")).not.toHaveText(firstOnPage1);
    await page.getByRole("link", { name: "Vorige pagina" }).click();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(cards.first().getByRole("heading")).toHaveText(firstOnPage1);

    // A card leads to its product link.
    const link = cards.first().getByRole("link");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/.+\/$/);
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    expect(await page.evaluate(() => "etalageSameDocument" in window)).toBe(true);
    expect(problems).toEqual([]);
  });

  test("an impossible combination shows the empty state", async ({ page }) => {
    const response = await page.goto(`/c/overhemden?color=${LIGHT_BLUE}&price=0-1`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Geen producten gevonden!" })).toBeVisible();
    await expect(page.locator(".listing__count")).toHaveText("0 artikelen");
    await expect(page.locator(".product-card")).toHaveCount(0);
    await page.locator(".listing-empty").getByRole("link", { name: "Filters wissen" }).click();
    await expect(page).toHaveURL(/\/c\/overhemden$/);
    await expect(page.locator(".product-card")).toHaveCount(24);
  });

  test("server-rendered: metadata, crawlable filter links, eager first cards", async ({ request }) => {
    const response = await request.get("/c/overhemden?page=2");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>Overhemden voor heren – pagina 2 \| Etalage<\/title>/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/kleding\/overhemden\/\?page=2"/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="nl-NL"|<link rel="alternate" hreflang="nl-NL"/i);
    expect(html).toMatch(/<link rel="prev" href="[^"]+\/c\/overhemden"/);
    expect(html).toMatch(/<link rel="next" href="[^"]+\/c\/overhemden\?page=3"/);
    expect(html).toContain('"@type":"ItemList"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toMatch(
      /<a [^>]*href="\/c\/overhemden\?color=\d+"[^>]*rel="nofollow"|<a [^>]*rel="nofollow"[^>]*href="\/c\/overhemden\?color=\d+"/,
    );
    expect(html.match(/loading="eager"/g)?.length).toBe(5);
    expect(html.match(/<img [^>]*fetchpriority="high"/gi)?.length).toBe(1);
    expect(html).toMatch(/srcset="[^"]*386w[^"]*512w[^"]*772w[^"]*1024w"/i);
  });

  test("the price slider writes price=lower-upper and keeps the handles apart", async ({ page }) => {
    await page.goto("/c/overhemden?page=2");
    await page.waitForLoadState("networkidle");
    const scope = await filters(page);
    await openSection(scope, "Prijs");
    const lower = scope.getByRole("slider", { name: "Minimumprijs" });
    const upper = scope.getByRole("slider", { name: "Maximumprijs" });
    const max = Number(await upper.getAttribute("max"));
    await lower.fill("60");
    await expect(page).toHaveURL(new RegExp(`[?&]price=60-${max}$`));
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(lower).toHaveValue("60");
    // The upper handle cannot come closer than the minimum gap (at least 5).
    await (await filters(page)).getByRole("slider", { name: "Maximumprijs" }).fill("61");
    await expect(page).toHaveURL(/[?&]price=60-(6[5-9]|[7-9]\d)$/);
    await closePanel(page);
    await expect.poll(async () => Math.min(...(await cardPrices(page, 24)))).toBeGreaterThanOrEqual(60);
  });

  test("the price form works without JavaScript", async ({ request }) => {
    const response = await request.get("/c/overhemden?color=53&price_from=50&price_to=100&page=3", {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/c/overhemden?color=53&price=50-100");
  });

  test("an unknown category is not found", async ({ page }) => {
    const response = await page.goto("/c/bestaat-niet");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Pagina niet gevonden");
  });

  test("looks right and passes axe, with the filters open", async ({ page }, testInfo) => {
    await page.goto("/c/kleding");
    await page.waitForLoadState("networkidle");
    await expect(page.locator(".product-card").first()).toBeVisible();
    await screenshot(page, testInfo, "category");
    await expectAccessible(page);

    await page.goto(`/c/kleding?color=49,${LIGHT_BLUE}&sort=final_price:desc`);
    await page.waitForLoadState("networkidle");
    const scope = await filters(page);
    await openSection(scope, "Kleur");
    await scope.getByRole("button", { name: "Toon meer" }).first().click();
    await screenshot(page, testInfo, "category-filters-open");
    await expectAccessible(page);
  });
});
