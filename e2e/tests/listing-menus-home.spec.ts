import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectAccessible, screenshot, watchConsole } from "./support.ts";

/*
 * Issue 14, the "Low" items on listings, menus and the home page: a price slider whose handles
 * stay apart, a sidebar that shows every facet, pagination with its first and last page, a mega
 * menu that switches without fading, gift tips that lead to gifts, a home grid of whole rows and a
 * video that can be paused.
 */

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The filters: the sidebar on desktop, the 'Filter & sort' panel on phones. */
async function filters(page: Page): Promise<Locator> {
  if (!isMobile(page)) return page.getByRole("complementary", { name: "Filters" });
  const dialog = page.getByRole("dialog", { name: "Filteren & sorteren" });
  if (!(await dialog.isVisible())) {
    await page.getByRole("button", { name: /Filteren & sorteren/ }).click();
    await expect(dialog).toBeVisible();
  }
  return dialog;
}

async function openSection(scope: Locator, title: string): Promise<Locator> {
  const details = scope.locator("details", { has: scope.page().locator("summary", { hasText: title }) });
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await expect(details).toHaveAttribute("open", "");
  return details;
}

/**
 * Which input takes the pointer along the middle of the slider's track, pixel by pixel: only a
 * handle does, so the runs of "lower" and "upper" are where a shopper can grab each handle.
 */
async function grabbable(track: Locator): Promise<{ lower: number[]; upper: number[] }> {
  return track.evaluate((el) => {
    el.scrollIntoView({ block: "center" });
    const box = el.getBoundingClientRect();
    const y = box.top + box.height / 2;
    const hits = { lower: [] as number[], upper: [] as number[] };
    for (let x = Math.floor(box.left) - 12; x <= box.right + 12; x++) {
      const hit = document.elementFromPoint(x, y);
      if (!(hit instanceof HTMLInputElement)) continue;
      if (hit.name === "price_from") hits.lower.push(x);
      if (hit.name === "price_to") hits.upper.push(x);
    }
    return hits;
  });
}

const middle = (xs: number[]) => xs[Math.floor(xs.length / 2)] as number;

test.describe("price slider", () => {
  test("is wide, labelled in euros, and its handles stay apart for mouse and keyboard", async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto("/c/overhemden");
    await page.waitForLoadState("networkidle");
    const scope = await filters(page);
    const section = await openSection(scope, "Prijs");
    const lower = section.getByRole("slider", { name: "Minimumprijs" });
    const upper = section.getByRole("slider", { name: "Maximumprijs" });
    // Visible labels with the amounts in euros.
    await expect(section.getByText("Minimumprijs", { exact: true })).toBeVisible();
    await expect(section.getByText("Maximumprijs", { exact: true })).toBeVisible();
    const max = Number(await upper.getAttribute("max"));
    const min = Number(await lower.getAttribute("min"));
    await expect(section.locator("output").first()).toHaveText(`€ ${min},00`);
    await expect(section.locator("output").last()).toHaveText(`€ ${max},00`);

    const track = section.locator(".price-slider__track");
    const width = (await track.boundingBox())?.width ?? 0;
    expect(width, "the slider's track").toBeGreaterThanOrEqual(220);

    // Keyboard: End takes the lower handle as far as it goes, a minimum gap below the upper one.
    await lower.focus();
    await page.keyboard.press("End");
    await expect(page).toHaveURL(/[?&]price=\d+-\d+$/);
    const [from, to] = (new URL(page.url()).searchParams.get("price") ?? "").split("-").map(Number);
    expect(to).toBe(max);
    expect((to as number) - (from as number)).toBeGreaterThanOrEqual(5);

    // Both handles, now side by side, can be grabbed: each has its own stretch of the track.
    const scopeAfter = await filters(page);
    const sectionAfter = await openSection(scopeAfter, "Prijs");
    await expect(sectionAfter.getByRole("slider", { name: "Minimumprijs" })).toHaveValue(String(from));
    await expect(sectionAfter.locator("output").first()).toHaveText(`€ ${from},00`);
    await page.waitForLoadState("networkidle");
    const trackAfter = sectionAfter.locator(".price-slider__track");
    // With a filter chosen, the phone's panel gains "Filters wissen": it still fits the screen.
    if (isMobile(page)) {
      const sideways = await page.locator(".dialog__body").evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(sideways, "the filter panel scrolls sideways").toBeLessThanOrEqual(0);
    }
    const hits = await grabbable(trackAfter);
    expect(hits.lower.length, "pixels where the lower handle takes the pointer").toBeGreaterThanOrEqual(16);
    expect(hits.upper.length, "pixels where the upper handle takes the pointer").toBeGreaterThanOrEqual(16);
    expect(Math.max(...hits.lower)).toBeLessThan(Math.min(...hits.upper));
    await screenshot(page, testInfo, "price-slider-close");

    // The mouse drags the lower handle back down from under the upper one.
    const box = await trackAfter.boundingBox();
    if (!box) throw new Error("no track");
    const y = box.y + box.height / 2;
    await page.mouse.move(middle(hits.lower), y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(() => Number((new URL(page.url()).searchParams.get("price") ?? "").split("-")[0]))
      .toBeLessThan(from as number);
    // ...and the upper one stays where it was, grabbable on its own.
    expect(new URL(page.url()).searchParams.get("price")).toMatch(new RegExp(`-${max}$`));
    await expect((await filters(page)).getByRole("slider", { name: "Maximumprijs" })).toHaveValue(
      String(max),
    );
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
});

test.describe("filter sidebar", () => {
  test.skip(({ isMobile }) => isMobile, "the sidebar is the desktop's; phones have the panel");

  test("flows with the page, so every facet's heading can be reached", async ({ page }, testInfo) => {
    await page.goto("/c/kleding");
    await page.waitForLoadState("networkidle");
    const sidebar = page.getByRole("complementary", { name: "Filters" });
    const summaries = sidebar.locator("summary");
    expect(await summaries.count()).toBeGreaterThanOrEqual(8);
    // Nothing scrolls inside the sidebar: what does not fit the window is further down the page.
    const inner = await sidebar.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(inner.scroll).toBeLessThanOrEqual(inner.client + 1);
    for (const summary of await summaries.all()) {
      await summary.scrollIntoViewIfNeeded();
      await expect(summary).toBeInViewport();
    }
    // The last facet opens from its heading.
    const last = summaries.last();
    const title = (await last.textContent()) ?? "";
    await openSection(sidebar, title.trim());
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, testInfo, "listing-sidebar");
  });
});

test.describe("pagination", () => {
  test("shows the first and the last page around the current one, with previous and next", async ({
    page,
  }, testInfo) => {
    // Kleding: about 1,000 products, some 40 pages of 24.
    await page.goto("/c/kleding?page=3");
    const total = Number(((await page.locator(".listing__count").textContent()) ?? "").replace(/\D/g, ""));
    const last = String(Math.ceil(total / 24));
    expect(Number(last)).toBeGreaterThan(30);
    const nav = page.getByRole("navigation", { name: "Paginering" });
    const pages = nav.getByRole("link", { name: /^Pagina \d+$/ });
    await expect(pages).toHaveText(["1", "2", "3", "4", last]);
    await expect(nav.locator("li")).toHaveText(["1", "2", "3", "4", "…", last]);
    await expect(nav.getByRole("link", { name: "Pagina 3" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    await expect(nav.getByRole("link", { name: "Vorige pagina" })).toHaveAttribute("href", /[?&]page=2$/);
    await expect(nav.getByRole("link", { name: "Volgende pagina" })).toHaveAttribute("href", /[?&]page=4$/);
    await nav.scrollIntoViewIfNeeded();
    // It fits a phone's width.
    const overflow = await nav.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await page.locator(".product-card").first().waitFor();
    await screenshot(page, testInfo, "listing-page-3");
    await expectAccessible(page);

    await nav.getByRole("link", { name: `Pagina ${last}` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${last}$`));
    const n = Number(last);
    await expect(nav.locator("li")).toHaveText(["1", "…", String(n - 2), String(n - 1), last]);
    await expect(nav.getByRole("link", { name: `Pagina ${last}` })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Volgende pagina" })).toHaveCount(0);
  });
});

test.describe("mega menu", () => {
  test.skip(({ isMobile }) => isMobile, "the mega menu is the desktop header's");

  async function panelOf(page: Page, name: string) {
    const toggle = page
      .getByRole("navigation", { name: "Hoofdmenu" })
      .getByRole("button", { name: `Menu ${name}` });
    const id = await toggle.getAttribute("aria-controls");
    return page.locator(`[id="${id}"]`);
  }

  test("groups Nieuw binnen apart from the kinds of clothing and switches panels without a fade", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    const kleding = await panelOf(page, "Kleding");
    await nav.getByRole("link", { name: "Kleding", exact: true }).hover();
    await expect(kleding).toBeVisible();
    // The first panel may fade in.
    expect(await kleding.evaluate((el) => getComputedStyle(el).animationName)).not.toBe("none");
    const column = kleding.locator(".mega-panel__column", {
      has: page.getByRole("link", { name: "Nieuw binnen", exact: true }),
    });
    await expect(column.locator(".mega-panel__heading")).toHaveText("Uitgelicht");
    const kinds = kleding.locator(".mega-panel__column", {
      has: page.getByRole("link", { name: "Overhemden", exact: true }),
    });
    await expect(kinds.getByRole("link", { name: "Nieuw binnen" })).toHaveCount(0);
    await expect(kinds.getByRole("link", { name: /sale/i })).toHaveCount(0);

    // Moving along the entries swaps the panel in place: no pop delay, no second fade. The
    // page's clock stands still, so a panel that waited for a timer would never show.
    await page.clock.install();
    const schoenen = await panelOf(page, "Schoenen");
    await nav.getByRole("link", { name: "Schoenen", exact: true }).hover();
    await expect(schoenen).toBeVisible();
    await expect(kleding).toBeHidden();
    expect(await schoenen.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    const accessoires = await panelOf(page, "Accessoires");
    await nav.getByRole("link", { name: "Accessoires", exact: true }).hover();
    await expect(accessoires).toBeVisible();
    expect(await accessoires.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await page.screenshot({ path: `screenshots/mega-menu-accessoires-${testInfo.project.name}.png` });
  });

  test("'Cadeautips onder € 50' leads to gifts under € 50", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    await nav.getByRole("link", { name: "Accessoires", exact: true }).hover();
    const panel = await panelOf(page, "Accessoires");
    const gifts = panel.getByRole("link", { name: "Cadeautips onder € 50" });
    await expect(gifts).toHaveAttribute("href", "/l/elevate/cadeaus/onder-50/");
    await gifts.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cadeaus onder € 50");
    const prices = await page
      .locator(".product-card")
      .evaluateAll((cards) =>
        cards.map((card) =>
          Number(
            ((card.querySelector(".price__special") ?? card.querySelector(".price"))?.textContent ?? "")
              .replace(/[^\d,]/g, "")
              .replace(",", "."),
          ),
        ),
      );
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toBeLessThanOrEqual(50);
  });
});

test.describe("home page", () => {
  test("the stylists' favourites fill whole rows", async ({ page }, testInfo) => {
    await page.goto("/");
    const section = page.locator("section", {
      has: page.getByRole("heading", { name: "Favorieten van onze stylisten" }),
    });
    const cards = section.locator(".product-row > li");
    await expect(cards.first()).toBeVisible();
    const shown = await cards.evaluateAll((items) =>
      items
        .filter((li) => getComputedStyle(li).display !== "none")
        .map((li) => li.getBoundingClientRect().top),
    );
    if (isMobile(page)) {
      // One row that scrolls sideways, every card in it.
      expect(new Set(shown).size).toBe(1);
      expect(shown.length).toBeGreaterThanOrEqual(4);
    } else {
      expect(shown.length % 4, `${shown.length} cards in rows of 4`).toBe(0);
      expect(shown.length).toBeGreaterThanOrEqual(8);
    }
    await section.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    await screenshot(page, testInfo, "home-whole-rows");
  });

  test("the video tile offers WebM and H.264, plays unless motion is reduced, and pauses", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto("/");
    const tile = page.locator(".cms-tile", { has: page.locator("video") });
    const video = tile.locator("video");
    await expect(video.locator("source")).toHaveCount(2);
    await expect(video.locator("source").first()).toHaveAttribute("type", "video/webm");
    await expect(video.locator("source").last()).toHaveAttribute("type", "video/mp4");
    await expect(video.locator("source").last()).toHaveAttribute("src", "/media/etalage-hero.mp4");
    // The tile is still one link, and the button sits beside it, not inside.
    await expect(page.getByRole("link", { name: "Op maat van jouw week" })).toHaveAttribute(
      "href",
      "/kleding/pakken-colberts/",
    );
    const pause = tile.getByRole("button", { name: "Video pauzeren" });
    await expect(pause).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await pause.click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    const play = tile.getByRole("button", { name: "Video afspelen" });
    await expect(play).toBeVisible();
    await play.press("Enter");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await expect(tile.getByRole("button", { name: "Video pauzeren" })).toBeFocused();
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  test("the video stays still when the shopper asks for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const tile = page.locator(".cms-tile", { has: page.locator("video") });
    const play = tile.getByRole("button", { name: "Video afspelen" });
    await expect(play).toBeVisible();
    const video = tile.locator("video");
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused && !v.autoplay)).toBe(true);
    await play.click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  });
});
