import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectAccessible, watchConsole } from "./support.ts";

/*
 * The menu comes from the CMS story `layout/menu` (server/content/layout.json, imported when the
 * data dir is seeded): the expected names and links are read from there, not repeated here.
 */
interface MenuLink {
  name: string;
  link: { url: string };
}
interface MenuItem extends MenuLink {
  columnOne: MenuLink[];
  columnTwo: MenuLink[];
  cta?: { buttonText: string; buttonLink: { url: string } };
}
interface MenuContent {
  body: MenuItem[];
  topLevelSubItems: MenuLink[];
  footerItems: MenuLink[];
}
const layout: { stories: { full_slug: string; content: unknown }[] } = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../server/content/layout.json"), "utf8"),
);
const menuContent = layout.stories.find((s) => s.full_slug === "layout/menu")?.content as MenuContent;

function menuItem(name: string): MenuItem {
  const item = menuContent.body.find((i) => i.name === name);
  if (!item) throw new Error(`layout/menu has no item ${name}`);
  return item;
}

/** The index-th entry of a list from the content file, which must be there. */
function at<T>(list: readonly T[], index: number): T {
  const entry = list[index];
  if (entry === undefined) throw new Error(`layout/menu lacks entry ${index}`);
  return entry;
}

/** Browsing §2: a column of more links than this is set in two (mega-panel.tsx COLUMN_SPLIT_ABOVE). */
const COLUMN_SPLIT_ABOVE = 6;

/** An open menu or panel is about the viewport; a full-page shot would mostly show the page behind. */
async function viewportShot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `screenshots/${name}-${testInfo.project.name}.png`, animations: "disabled" });
}

/** The panel a mega-menu toggle controls. */
async function panelOf(page: Page, name: string) {
  const toggle = page
    .getByRole("navigation", { name: "Hoofdmenu" })
    .getByRole("button", { name: `Menu ${name}` });
  const id = await toggle.getAttribute("aria-controls");
  return { toggle, panel: page.locator(`[id="${id}"]`) };
}

test.describe("desktop mega menu", () => {
  test.skip(({ isMobile }) => isMobile, "the mega menu is the desktop header's");

  test("hover opens a panel with split columns and a tile; a link leads to its category", async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    const { toggle, panel } = await panelOf(page, "Kleding");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();

    await nav.getByRole("link", { name: "Kleding", exact: true }).hover();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();

    // A column of more than 6 links is set in two; the shorter ones stay single.
    const kleding = menuItem("Kleding");
    const columns = [kleding.columnOne, kleding.columnTwo].filter((c) => c.length > 0);
    const long = columns.filter((c) => c.length > COLUMN_SPLIT_ABOVE);
    expect(long, "layout/menu Kleding needs a column of more than 6 links").toHaveLength(1);
    const split = panel.locator(".mega-panel__column--split .mega-panel__links");
    await expect(split.getByRole("link")).toHaveText(at(long, 0).map((l) => l.name));
    await expect(split).toHaveCSS("column-count", "2");
    const single = panel.locator(".mega-panel__column:not(.mega-panel__column--split) .mega-panel__links");
    await expect(single).toHaveCount(columns.length - long.length);
    for (const list of await single.all()) await expect(list).toHaveCSS("column-count", "auto");
    const cta = kleding.cta;
    if (!cta) throw new Error("layout/menu Kleding needs a cta tile");
    await expect(panel.getByRole("link", { name: cta.buttonText })).toHaveAttribute(
      "href",
      cta.buttonLink.url,
    );
    await expect(panel.getByRole("link", { name: cta.buttonText })).toBeVisible();
    await viewportShot(page, testInfo, "mega-menu");
    await expectAccessible(page);

    // Moving on to another entry switches panels; leaving the menu closes after 200 ms.
    const schoenen = await panelOf(page, "Schoenen");
    await nav.getByRole("link", { name: "Schoenen", exact: true }).hover();
    await expect(schoenen.panel).toBeVisible();
    await expect(panel).toBeHidden();
    await page.mouse.move(640, 700);
    await expect(schoenen.panel).toBeVisible();
    await expect(schoenen.panel).toBeHidden();

    await nav.getByRole("link", { name: "Kleding", exact: true }).hover();
    const target = at(at(long, 0), 0);
    await panel.getByRole("link", { name: target.name, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === target.link.url);
    await expect(panel).toBeHidden();
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
  });

  test("keyboard: Enter, Space and ArrowDown open, Escape closes and returns focus", async ({ page }) => {
    await page.goto("/");
    const { toggle, panel } = await panelOf(page, "Schoenen");
    // The panel's links in reading order: column one first (the cta tile names a link too).
    const links = menuItem("Schoenen").columnOne;
    const first = panel.getByRole("link", { name: at(links, 0).name, exact: true });
    const second = panel.getByRole("link", { name: at(links, 1).name, exact: true });

    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press("Space");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(first).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(second).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();

    // From the entry's own link, ArrowDown opens the panel and enters it.
    await page
      .getByRole("navigation", { name: "Hoofdmenu" })
      .getByRole("link", { name: "Schoenen", exact: true })
      .focus();
    await page.keyboard.press("ArrowDown");
    await expect(first).toBeFocused();

    // Tabbing out of the entry closes its panel.
    await page.locator(".main-nav__link", { hasText: "Nieuw" }).focus();
    await expect(panel).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu is plain links", async ({ page, isMobile }) => {
    test.skip(isMobile, "the mega menu is the desktop header's");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    await expect(nav.getByRole("link", { name: "Kleding", exact: true })).toHaveAttribute(
      "href",
      "/kleding/",
    );
    await expect(nav.getByRole("link", { name: "Sale", exact: true })).toHaveAttribute("href", "/sale/");
  });
});

test.describe("mobile menu", () => {
  test.skip(({ isMobile }) => !isMobile, "the mobile menu is below 1024 px");

  test("hamburger, second level with 'ALLE …' and go back, Escape returns focus", async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto("/");
    const hamburger = page.getByRole("button", { name: "Menu openen" });
    await expect(hamburger).toBeVisible();
    // A tap before hydration opens nothing (the menu is a button, not a link).
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.waitForLoadState("networkidle");
    await hamburger.click();

    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Home" })).toBeVisible();
    // After the items: the CMS's top-level sub-items, then its footer links; a link whose page
    // does not exist yet (Inloggen before the accounts issue) is left out, never a 404 (issue 14).
    for (const link of [...menuContent.topLevelSubItems, ...menuContent.footerItems]) {
      const answers = (await page.request.get(link.link.url)).ok();
      const entry = menu.getByRole("link", { name: link.name, exact: true });
      if (answers) await expect(entry).toBeVisible();
      else await expect(entry).toHaveCount(0);
    }

    const kleding = menu.getByRole("button", { name: "Kleding" });
    await kleding.click();
    const back = menu.getByRole("button", { name: "Terug" }).first();
    await expect(back).toBeFocused();
    const all = menu.getByRole("link", { name: /ALLE Kleding/i });
    await expect(all).toBeVisible();
    await expect(all).toHaveAttribute("href", "/kleding/");
    const firstKleding = at(menuItem("Kleding").columnOne, 0);
    await expect(menu.getByRole("link", { name: firstKleding.name, exact: true })).toBeVisible();
    await viewportShot(page, testInfo, "mobile-menu");
    await expectAccessible(page);

    await back.click();
    await expect(kleding).toBeFocused();
    await expect(menu.getByRole("link", { name: /ALLE Kleding/i })).toBeHidden();

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(hamburger).toBeFocused();

    // A link in the second level navigates and closes the menu.
    await hamburger.click();
    await menu.getByRole("button", { name: "Schoenen" }).click();
    const sneakers = at(menuItem("Schoenen").columnOne, 0);
    await menu.getByRole("link", { name: sneakers.name, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === sneakers.link.url);
    await expect(menu).toBeHidden();
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
  });

  test("the tab bar and the selling points sit at the bottom", async ({ page }) => {
    await page.goto("/");
    const tabs = page.getByRole("navigation", { name: "Snelkoppelingen" });
    await expect(tabs.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Zoeken" })).toBeVisible();
    await expect(tabs.getByRole("button", { name: "Winkelwagen" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Account" })).toBeVisible();
    const bar = page.getByRole("complementary", { name: "Onze beloftes" });
    await expect(bar).toHaveCSS("height", "40px");
    const barBox = await bar.boundingBox();
    const tabBox = await tabs.boundingBox();
    expect(barBox && tabBox && barBox.y + barBox.height).toBeCloseTo(tabBox?.y ?? 0, 0);
  });
});

test("the offline badge shows while the browser is offline", async ({ page, context }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const badge = page.getByRole("status").filter({ hasText: "Je bent offline" });
  await expect(badge).toHaveCount(0);
  await context.setOffline(true);
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText("Je bent offline. Sommige functies zijn mogelijk niet beschikbaar.");
  await context.setOffline(false);
  await expect(badge).toHaveCount(0);
});
