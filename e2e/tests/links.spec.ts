import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";

/*
 * Issue 14: the shop never links to a 404. Every link a shopper can reach from the header, the
 * footer, the menus (each mega-menu panel on desktop, each level of the mobile menu) and the home
 * page is followed, and so is every link in the content pages the footer leads to.
 */

/** Shop paths (no external, mail or phone addresses), without their #anchor. */
async function shopLinks(page: Page, scope: string | Locator = "body"): Promise<string[]> {
  const root = typeof scope === "string" ? page.locator(scope).first() : scope;
  const hrefs = await root.evaluate((node) =>
    [...node.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? ""),
  );
  return hrefs.filter((h) => h.startsWith("/") && !h.startsWith("//")).map((h) => h.split("#")[0] || "/");
}

async function hydrated(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.waitForLoadState("networkidle");
}

test("every link of header, footer, menus, home and the footer's pages answers 200", async ({
  page,
  isMobile,
}) => {
  test.setTimeout(300_000);
  await hydrated(page, "/");
  const found = new Set(await shopLinks(page));

  if (isMobile) {
    await page.getByRole("button", { name: "Menu openen" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    for (const link of await shopLinks(page, menu)) found.add(link);
    const levels = await menu.locator(".mobile-menu__level--root button.mobile-menu__link").allTextContents();
    for (const name of levels.map((n) => n.trim()).filter(Boolean)) {
      const level = menu.getByRole("button", { name, exact: true });
      if ((await level.count()) === 0) continue;
      await level.first().click();
      const back = menu.getByRole("button", { name: "Terug" }).first();
      await expect(back).toBeVisible();
      for (const link of await shopLinks(page, menu)) found.add(link);
      await back.click();
    }
    await page.keyboard.press("Escape");
  } else {
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    const toggles = nav.getByRole("button", { name: /^Menu / });
    for (let i = 0; i < (await toggles.count()); i++) {
      const toggle = toggles.nth(i);
      const name = ((await toggle.getAttribute("aria-label")) ?? (await toggle.textContent()) ?? "").replace(
        /^Menu /,
        "",
      );
      await nav.getByRole("link", { name, exact: true }).hover();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const id = await toggle.getAttribute("aria-controls");
      for (const link of await shopLinks(page, `[id="${id}"]`)) found.add(link);
      await page.keyboard.press("Escape");
    }
  }

  // The content pages the footer leads to link on (terms to privacy, privacy to cookies, ...).
  const footerPages = await shopLinks(page, "footer");
  for (const path of new Set(footerPages)) {
    await hydrated(page, path);
    for (const link of await shopLinks(page, "main")) found.add(link);
  }

  expect(found.size).toBeGreaterThan(20);
  // A few at a time: many links, one shop on a busy machine.
  const dead: string[] = [];
  const queue = [...found];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await page.request.get(path, { maxRedirects: 5, timeout: 60_000 });
      if (response.status() !== 200) dead.push(`${path} → ${response.status()}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  expect(dead).toEqual([]);
  for (const legal of ["/algemene-voorwaarden", "/privacyverklaring", "/cookies", "/storelocator"]) {
    expect(
      [...found].some((p) => p.replace(/\/$/, "") === legal),
      legal,
    ).toBe(true);
  }
});
