import { expect, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectAccessible, holdRequests, screenshot, watchConsole } from "./support.ts";

/** An open menu or panel is about the viewport; a full-page shot would mostly show the page behind. */
async function viewportShot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `screenshots/${name}-${testInfo.project.name}.png`, animations: "disabled" });
}

/** Opens the search panel the way a shopper would at this width; returns the panel. */
async function openSearch(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "desktop") {
    await page.getByRole("banner").getByRole("searchbox", { name: "Zoek producten" }).click();
  } else {
    await page
      .getByRole("navigation", { name: "Snelkoppelingen" })
      .getByRole("link", { name: "Zoeken" })
      .click();
  }
  const panel = page.getByRole("dialog", { name: "Zoek producten" });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe("search", () => {
  test("suggestions from 3 characters, Enter opens the results", async ({ page }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const panel = await openSearch(page, testInfo);
    const field = panel.getByRole("searchbox", { name: "Zoek producten" });
    await expect(field).toBeFocused();

    await page.keyboard.type("sn");
    await expect(field).toHaveValue("sn");
    await expect(panel.getByText("Zoekterm moet minimaal 3 tekens bevatten.")).toBeVisible();
    await expect(panel.getByRole("article")).toHaveCount(0);

    const answered = page.waitForResponse((r) => r.url().includes("/api/catalog/catalog_nl/product/_search"));
    await page.keyboard.type("eaker");
    const response = await answered;
    expect(response.request().method()).toBe("POST");
    expect(response.request().postDataJSON()).toMatchObject({ _searchText: "sneaker" });
    expect(new URL(response.url()).searchParams.get("size")).toBe("18");
    const suggestions = panel.getByRole("list", { name: "Suggesties" }).getByRole("article");
    await expect(suggestions).toHaveCount(18);
    await expect(panel.getByText(/^\d+ artikelen$/)).toBeVisible();
    await expect(panel.getByRole("link", { name: "Bekijk meer" })).toHaveAttribute(
      "href",
      "/catalogsearch/result/?q=sneaker",
    );
    await viewportShot(page, testInfo, "search-panel");
    await expectAccessible(page);

    // Emptying the field clears the suggestions.
    await panel.getByRole("button", { name: "Zoektekst wissen" }).click();
    await expect(suggestions).toHaveCount(0);
    await page.keyboard.type("sneaker");
    await expect(suggestions).toHaveCount(18);

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/catalogsearch\/result\/\?q=sneaker$/);
    await expect(panel).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Zoekresultaten voor "sneaker"');
    expect(problems).toEqual([]);
  });

  test("the results page: trailing slash, 18 at a time, 'Meer laden' until all are there", async ({
    page,
    request,
  }, testInfo) => {
    const redirect = await request.get("/catalogsearch/result?q=loafer", { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toMatch(/\/catalogsearch\/result\/\?q=loafer$/);

    const problems = watchConsole(page);
    const response = await page.goto("/catalogsearch/result/?q=loafer");
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page).toHaveTitle(/Zoekresultaten voor "loafer"/);
    const count = page.getByText(/^\d+ artikelen$/);
    const total = Number(((await count.textContent()) ?? "").split(" ")[0]);
    expect(total).toBeGreaterThan(36);
    expect(total).toBeLessThanOrEqual(54);

    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(18);
    await page.waitForLoadState("networkidle");
    await screenshot(page, testInfo, "search-results");
    const more = page.getByRole("link", { name: "Meer laden" });
    await more.click();
    await expect(cards).toHaveCount(36);
    await expect(page).toHaveURL(/[?&]page=2$/);
    await more.click();
    await expect(cards).toHaveCount(total);
    await expect(more).toHaveCount(0);
    await expect(page.getByText(`${total} van ${total} producten bekeken`)).toBeVisible();
    await expectAccessible(page);

    // The URL remembers how far the shopper got: a reload renders them all on the server.
    await page.reload();
    await expect(cards).toHaveCount(total);
    expect(problems).toEqual([]);
  });

  test("no results: the empty state", async ({ page }) => {
    await page.goto("/catalogsearch/result/?q=qqqxyzzy");
    await expect(page.getByText("Geen producten gevonden!")).toBeVisible();
    await expect(page.getByRole("main").getByRole("searchbox")).toHaveValue("qqqxyzzy");
    await expectAccessible(page);
  });

  test("the search text survives a reload, and keys typed before the field's code arrives are kept", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // The field's chunk comes with the first interaction, here the very tap that opens the panel:
    // held, so the shopper types (and corrects a typo) before the field is there.
    const held = await holdRequests(page, /\/assets\/search-sidebar-body-[\w-]+\.js$/);
    const panel = await openSearch(page, testInfo);
    await page.keyboard.type("overhemdx");
    await page.keyboard.press("Backspace");
    await held.release();
    const field = panel.getByRole("searchbox", { name: "Zoek producten" });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue("overhemd");
    await expect(panel.getByRole("list", { name: "Suggesties" }).getByRole("article").first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("etalage/search-text")))
      .toBe("overhemd");

    await page.reload();
    await page.waitForLoadState("networkidle");
    const reopened = await openSearch(page, testInfo);
    await expect(reopened.getByRole("searchbox", { name: "Zoek producten" })).toHaveValue("overhemd");
    // Escape closes the panel and keeps the text (a search field would clear itself).
    await page.keyboard.press("Escape");
    await expect(reopened).toBeHidden();
    if (testInfo.project.name === "desktop") {
      await expect(page.getByRole("banner").getByRole("searchbox")).toHaveValue("overhemd");
    }
  });

  test("the panel's chunk: a 3 s timeout, then an error with Try again", async ({ page }, testInfo) => {
    const held = await holdRequests(page, /\/assets\/search-panel-[\w-]+\.js$/);
    await page.goto("/");
    // Hydrated first: before that, the tab bar's "Zoeken" is a plain link to the results page.
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.waitForLoadState("networkidle");
    const panel = await openSearch(page, testInfo);
    const started = Date.now();
    const error = panel.getByRole("alert");
    await expect(error).toHaveText(/Er is een fout opgetreden bij het laden van dit onderdeel\./, {
      timeout: 6000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    await expect(error.getByRole("button", { name: "Opnieuw proberen" })).toBeVisible();
    await expect(error.getByRole("button", { name: "Sluiten" })).toBeVisible();

    // The network recovers: Try again shows the panel.
    await held.release();
    await error.getByRole("button", { name: "Opnieuw proberen" }).click();
    await expect(error).toBeHidden();
    await panel.getByRole("searchbox", { name: "Zoek producten" }).fill("jassen");
    await expect(panel.getByRole("list", { name: "Suggesties" }).getByRole("article").first()).toBeVisible();
  });

  test("offline, the panel's chunk cannot load: Close only", async ({ page, context }, testInfo) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    const panel = await openSearch(page, testInfo);
    const error = panel.getByRole("alert");
    await expect(error).toHaveText(
      /Dit onderdeel kon niet worden geladen omdat er geen netwerkverbinding is\./,
    );
    await expect(error.getByRole("button", { name: "Opnieuw proberen" })).toHaveCount(0);
    await error.getByRole("button", { name: "Sluiten" }).click();
    await expect(panel).toBeHidden();
    await context.setOffline(false);
  });
});
