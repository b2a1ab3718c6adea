import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectAccessible, open, screenshot, watchConsole } from "./support.ts";

/**
 * Recommendations and landing pages (issue 16): the built-in Elevate behind the official client,
 * as a shopper meets it — a landing page with facets and sort, the product page's carousels, the
 * microcart's list, autocomplete and the search panel's history, favourites; every recommended
 * product's click is reported with its ticket.
 */

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;
const notification = (page: Page, type: string) =>
  page.waitForRequest(
    (r) => r.method() === "POST" && r.url().includes(`/api/storefront/v3/notifications/${type}?`),
  );

/** The price each of the first `n` cards asks (the special price when there is one). */
async function cardPrices(page: Page, n: number): Promise<number[]> {
  const texts = await page
    .locator(".product-card")
    .evaluateAll(
      (cards, count) =>
        cards
          .slice(0, count)
          .map(
            (card) =>
              (card.querySelector(".price__special") ?? card.querySelector(".price"))?.textContent ?? "",
          ),
      n,
    );
  return texts.map((text) => Number(text.replace(/[^\d,]/g, "").replace(",", ".")));
}

async function filters(page: Page): Promise<Locator> {
  if (!isMobile(page)) return page.getByRole("complementary", { name: "Filters" });
  const dialog = page.getByRole("dialog", { name: "Filteren & sorteren" });
  if (!(await dialog.isVisible())) {
    await page.getByRole("button", { name: /Filteren & sorteren/ }).click();
    await expect(dialog).toBeVisible();
  }
  return dialog;
}

async function openSection(scope: Locator, title: string) {
  const details = scope.locator("details", { has: scope.page().locator("summary", { hasText: title }) });
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
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

/** A carousel is a labelled region of product cards. */
const carousel = (page: Page | Locator, name: string) => page.getByRole("region", { name });

async function viewportShot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `screenshots/${name}-${testInfo.project.name}.png`, animations: "disabled" });
}

test.describe("recommendations and landing pages", () => {
  test("a landing page: breadcrumbs from the path, facets, sort, strict trailing slash, clicks reported", async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    const slashless = await page.goto("/l/elevate/cadeaus/onder-50");
    expect(new URL(slashless!.url()).pathname).toBe("/l/elevate/cadeaus/onder-50/");
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cadeaus onder € 50");
    const crumbs = page.getByRole("navigation", { name: "Kruimelpad" });
    if (await crumbs.isVisible()) {
      await expect(crumbs.getByRole("link", { name: "Cadeaus" })).toHaveAttribute(
        "href",
        "/l/elevate/cadeaus/",
      );
      await expect(crumbs.getByText("Onder 50")).toHaveAttribute("aria-current", "page");
    }
    for (const price of await cardPrices(page, 20)) expect(price).toBeLessThanOrEqual(50);

    await open(page, "/l/elevate/linnen-overhemden/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Linnen overhemden");
    const cards = page.locator(".product-card");
    await expect(cards).toHaveCount(20);
    const scope = await filters(page);
    await openSection(scope, "Kleur");
    const colour = scope.getByRole("checkbox").first();
    await colour.click();
    await expect(page).toHaveURL(/[?&]color=\d+/);
    await expect(colour).toHaveAttribute("aria-checked", "true");
    await closePanel(page);
    if (isMobile(page)) {
      const panel = await filters(page);
      await openSection(panel, "Sorteer op");
      await panel.getByRole("link", { name: "Prijs oplopend" }).click();
      await closePanel(page);
    } else {
      await page.getByLabel("Sorteer op").selectOption("final_price:asc");
    }
    await expect(page).toHaveURL(/sort=final_price:asc/);
    await expect
      .poll(async () => {
        const prices = await cardPrices(page, 6);
        return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
      })
      .toBe(true);
    await expectAccessible(page);
    await screenshot(page, testInfo, "landing-page");

    const clicked = notification(page, "click");
    await cards.first().getByRole("link").click();
    const body = (await clicked).postData() ?? "";
    expect(JSON.parse(body).ticket).toMatch(/^[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Linnen overhemden");
    expect(problems).toEqual([]);
  });

  test("product page: 'Bekijk ook' and 'Maak je look compleet', keyboard-usable, clicks reported", async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    await open(page, "/slim-fit-overhemd-twill-ovh1000/");
    const alternatives = carousel(page, "Bekijk ook");
    await expect(alternatives.getByRole("article")).toHaveCount(8);
    await expect(carousel(page, "Maak je look compleet").getByRole("article").first()).toBeVisible();
    await expect(alternatives).toHaveAttribute("aria-roledescription", "carrousel");
    const next = alternatives.getByRole("button", { name: "Volgende producten" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => alternatives.locator("ul").evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await alternatives.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await screenshot(page, testInfo, "product-recommendations");

    const clicked = notification(page, "click");
    const first = alternatives.getByRole("article").first();
    const name = (await first.getByRole("heading").textContent()) ?? "";
    await first.getByRole("link").click();
    await clicked;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    // The product seen before is now 'Recent bekeken' here.
    await expect(
      carousel(page, "Recent bekeken").getByRole("heading", { name: "Slim fit overhemd twill" }),
    ).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("microcart: the cart's list; autocomplete with phrases; the empty panel's history", async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    await open(page, "/slim-fit-overhemd-twill-ovh1000/");
    await page.getByRole("link", { name: /^M(,|$)/ }).click();
    const added = notification(page, "add-to-cart");
    await page.getByRole("button", { name: "In winkelwagen" }).click();
    await added;
    const area = isMobile(page)
      ? page.getByRole("navigation", { name: "Snelkoppelingen" })
      : page.getByRole("banner");
    const cartButton = area.getByRole("button", { name: /^Winkelwagen/ });
    await expect(cartButton.locator("[data-cart-count]")).toHaveAttribute("data-cart-count", "1");
    await cartButton.click();
    const microcart = page.getByRole("dialog", { name: /^Winkelwagen/ });
    const list = carousel(microcart, "Vaak samen gekocht");
    await expect(list.getByRole("article")).toHaveCount(8);
    await expectAccessible(page);
    await viewportShot(page, testInfo, "microcart-recommendations");
    await page.keyboard.press("Escape");
    await expect(microcart).toBeHidden();

    if (isMobile(page)) {
      await page
        .getByRole("navigation", { name: "Snelkoppelingen" })
        .getByRole("link", { name: "Zoeken" })
        .click();
    } else {
      await page.getByRole("banner").getByRole("searchbox", { name: "Zoek producten" }).click();
    }
    const panel = page.getByRole("dialog", { name: "Zoek producten" });
    await expect(
      carousel(panel, "Recent bekeken").getByRole("heading", { name: "Slim fit overhemd twill" }),
    ).toBeVisible();
    await page.keyboard.type("snea");
    const phrases = panel.getByRole("region", { name: "Zoeksuggesties" });
    await expect(phrases.getByRole("link").first()).toBeVisible();
    await expect(phrases.locator("mark").first()).toHaveText(/^snea$/i);
    await expectAccessible(page);
    await viewportShot(page, testInfo, "autocomplete");
    await phrases.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/catalogsearch\/result\/\?q=/);
    expect(problems).toEqual([]);
  });

  test("favourites: a heart keeps a product for the guest and tells the service", async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    await open(page, "/slim-fit-overhemd-twill-ovh1000/");
    const heart = page.locator(".product__info").getByRole("button", { name: /toevoegen aan favorieten/ });
    const sent = notification(page, "add-favorite");
    await heart.click();
    await sent;
    await expect(
      page.locator(".product__info").getByRole("button", { name: /verwijderen uit favorieten/ }),
    ).toHaveAttribute("aria-pressed", "true");
    await open(page, "/favorieten");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mijn favorieten");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article").getByRole("heading")).toHaveText("Slim fit overhemd twill");
    await expectAccessible(page);
    await screenshot(page, testInfo, "favorites");
    await page
      .getByRole("article")
      .getByRole("button", { name: /verwijderen uit favorieten/ })
      .click();
    await expect(page.getByTestId("favorites-empty")).toBeVisible();
    expect(problems).toEqual([]);
  });
});
