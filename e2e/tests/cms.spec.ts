import { type APIRequestContext, expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectAccessible, screenshot, watchConsole } from "./support.ts";

const BASE = "/api/ext/vsf-storyblok-extension";
const AUTH = { authorization: "Bearer etalage-e2e-editor-token-0123456789" };

interface EditorStory {
  id: number;
  full_slug: string;
}

async function storyId(request: APIRequestContext, fullSlug: string): Promise<number> {
  const response = await request.get(`${BASE}/editor/stories?starts_with=${fullSlug}`, { headers: AUTH });
  expect(response.ok()).toBe(true);
  const stories = (await response.json()).result.stories as EditorStory[];
  const story = stories.find((s) => s.full_slug === fullSlug);
  if (!story) throw new Error(`no story ${fullSlug}`);
  return story.id;
}

/** A page whose body is one text block. */
async function saveText(request: APIRequestContext, id: number, text: string) {
  const response = await request.put(`${BASE}/editor/stories/${id}`, {
    headers: AUTH,
    data: {
      content: {
        component: "page",
        title: "Cadeautips",
        body: [{ component: "text", text: `<h2>Cadeautips</h2><p>${text}</p>` }],
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe("CMS content", () => {
  test("the home page shows the CMS tiles, carousels and banner", async ({ page }, testInfo) => {
    const problems = watchConsole(page);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Herenmode en schoenen van Europese merken/);
    await expect(page.getByRole("heading", { name: "Klaar voor koude ochtenden" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Bekijk de jassen" })).toHaveAttribute(
      "href",
      "/kleding/jassen/",
    );
    // The video tile has a link and no button: the whole tile is the link.
    await expect(page.getByRole("link", { name: "Op maat van jouw week" })).toHaveAttribute(
      "href",
      "/kleding/pakken-colberts/",
    );
    const tileImage = page.locator(".cms-tile img").first();
    await expect(tileImage).toHaveAttribute(
      "srcset",
      /\/img\/755\/506\/crop\/.+ 755w, \/img\/1510\/1012\/crop\/.+ 1510w/,
    );
    await expect(page.getByRole("heading", { name: "Favorieten van onze stylisten" })).toBeVisible();
    await expect(page.locator(".product-row").first().locator(".product-card")).not.toHaveCount(0);
    await expect(page.getByRole("link", { name: "Instagram" }).first()).toHaveAttribute("rel", /noopener/);
    await expect(page.getByRole("heading", { name: "Gratis verzending vanaf € 75" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await screenshot(page, testInfo, "cms-home");
    await expectAccessible(page);
    // An internal link inside rich text goes through the router (no document load).
    await page.evaluate(() => {
      (window as unknown as { __marker: boolean }).__marker = true;
    });
    // Enter on the focused link: the same click event, without the sticky header in the way on phones.
    await page.locator(".cms-text").getByRole("link", { name: "ons verhaal" }).press("Enter");
    await expect(page).toHaveURL(/\/over-ons\/$/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);
    expect(problems).toEqual([]);
  });

  test("the mega menu comes from the CMS", async ({ page, isMobile }) => {
    test.skip(isMobile, "the mega menu is the desktop header's");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    await nav.getByRole("link", { name: "Kleding", exact: true }).hover();
    await expect(page.getByText("Soorten", { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Shop nu" }).filter({ visible: true })).toHaveAttribute(
      "href",
      "/kleding/jassen/",
    );
  });

  test("content pages render with their SEO title", async ({ page }, testInfo) => {
    const response = await page.goto("/over-ons/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Over ons | Etalage");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Over ons");
    await expect(page.getByRole("heading", { name: /Sinds 1987/ })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await screenshot(page, testInfo, "cms-page");
    await expectAccessible(page);
    for (const path of ["/klantenservice/", "/verzenden-en-retourneren/"]) {
      expect((await page.goto(path))?.status()).toBe(200);
    }
  });

  test("a category listing shows the alternate title and the CMS tiles", async ({ page }) => {
    await page.goto("/kleding/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Herenkleding voor kantoor en weekend");
    const tile = page.locator(".product-grid > .grid-tile").first();
    await expect(tile).toContainText("Het perfecte witte en blauwe overhemd");
    // Position 3 is the third cell.
    await expect(page.locator(".product-grid > li").nth(2)).toHaveClass(/grid-tile/);
  });

  test("/c/{slug} shows the category's CMS title and tiles, as its url_path page does", async ({
    page,
  }, testInfo) => {
    for (const path of ["/c/schoenen", "/schoenen/"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Herenschoenen die je jaren draagt");
      const tiles = page.locator(".product-grid > .grid-tile");
      await expect(tiles).toHaveCount(2);
      await expect(tiles.first()).toContainText("Witte sneakers voor elke dag");
      await expect(tiles.first().getByRole("link", { name: "Shop sneakers" })).toHaveAttribute(
        "href",
        "/schoenen/sneakers/",
      );
      // Positions 3 and 10 are the third and tenth cells.
      await expect(page.locator(".product-grid > li").nth(2)).toHaveClass(/grid-tile/);
      await expect(page.locator(".product-grid > li").nth(9)).toHaveClass(/grid-tile/);
      await expect(tiles.nth(1)).toContainText("Boots voor herfst en winter");
    }
    await page.goto("/c/schoenen");
    await page.waitForLoadState("networkidle");
    await screenshot(page, testInfo, "cms-category-c-route");
    await expectAccessible(page);
  });

  test("an editor previews a draft of the menu in the shop's own header; shoppers keep the published menu", async ({
    page,
    request,
    isMobile,
  }, testInfo) => {
    const published = await request.get(`${BASE}/story/layout/menu`);
    expect(published.ok()).toBe(true);
    const menu = (await published.json()).result.story.content;
    const id = await storyId(request, "layout/menu");
    const draftItem = {
      component: "menu_item",
      name: "Proefmenu",
      clickable: true,
      link: { url: "/over-ons/", cached_url: "over-ons" },
      columnOne: [],
      columnTwo: [],
    };
    const saved = await request.put(`${BASE}/editor/stories/${id}`, {
      headers: AUTH,
      data: { content: { ...menu, body: [...menu.body, draftItem] } },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    try {
      const tokenAnswer = await request.post(`${BASE}/editor/stories/${id}/preview-token`, { headers: AUTH });
      expect(tokenAnswer.ok()).toBe(true);
      const previewUrl = new URL((await tokenAnswer.json()).result.preview_url);
      expect(previewUrl.pathname).toBe("/storyblok");

      /** The header's menu: the desktop bar, or the mobile menu, opened. */
      const openMenu = async () => {
        if (!isMobile) return page.getByRole("navigation", { name: "Hoofdmenu" });
        // A tap before hydration opens nothing (the menu is a button, not a link).
        await page.waitForFunction(() => "__reactRouterDataRouter" in window);
        await page.waitForLoadState("networkidle");
        await page.getByRole("button", { name: "Menu openen" }).click();
        const dialog = page.getByRole("dialog", { name: "Menu" });
        await expect(dialog).toBeVisible();
        return dialog;
      };

      const response = await page.goto(previewUrl.pathname + previewUrl.search);
      expect(response?.status()).toBe(200);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.locator(".cms-preview")).toBeVisible();
      const previewed = await openMenu();
      await expect(previewed.getByText("Proefmenu", { exact: true })).toBeVisible();
      // The rest of the menu is the draft's too: the published items are still there.
      await expect(previewed.getByText("Kleding", { exact: true }).first()).toBeVisible();
      await screenshot(page, testInfo, "cms-preview-menu");

      // Shoppers see the published menu, whether the home page was cached before or not.
      for (let i = 0; i < 2; i++) {
        await page.goto("/");
        const shown = await openMenu();
        await expect(shown.getByText("Kleding", { exact: true }).first()).toBeVisible();
        await expect(page.getByText("Proefmenu", { exact: true })).toHaveCount(0);
      }
    } finally {
      // The draft goes back to the published menu, so a later publish of the menu does not carry it.
      await request.put(`${BASE}/editor/stories/${id}`, { headers: AUTH, data: { content: menu } });
    }
  });

  test("the preview refuses a wrong token", async ({ page }) => {
    const response = await page.goto("/storyblok?id=1001&spaceId=1&timestamp=1&token=nope&release=0");
    expect(response?.status()).toBe(401);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  test("an editor's draft shows live in the preview, and publicly only once published", async ({
    page,
    request,
  }) => {
    test.skip(test.info().project.name !== "desktop", "one run changes the content");
    // A page of its own, so the other tests keep the demo content.
    const created = await request.post(`${BASE}/editor/stories`, {
      headers: AUTH,
      data: {
        name: "Cadeautips",
        full_slug: "cadeautips",
        content: {
          component: "page",
          title: "Cadeautips",
          body: [{ component: "text", text: "<p>Eerste versie</p>" }],
        },
        publish: true,
      },
    });
    const id = created.ok() ? (await created.json()).result.story.id : await storyId(request, "cadeautips");
    await request.post(`${BASE}/editor/stories/${id}/publish`, { headers: AUTH });
    await expect(page.goto("/cadeautips/").then((r) => r?.status())).resolves.toBe(200);

    await saveText(request, id, "Een sjaal doet het altijd");
    const tokenAnswer = await request.post(`${BASE}/editor/stories/${id}/preview-token`, { headers: AUTH });
    expect(tokenAnswer.ok()).toBe(true);
    const previewUrl = new URL((await tokenAnswer.json()).result.preview_url);
    await page.goto(previewUrl.pathname + previewUrl.search);
    await expect(page.getByText("Een sjaal doet het altijd")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    // Saved again while the preview is open: there within a second, without a reload.
    await page.evaluate(() => {
      (window as unknown as { __marker: boolean }).__marker = true;
    });
    await page.waitForTimeout(300); // the event stream is open
    await saveText(request, id, "Of warme handschoenen");
    await expect(page.getByText("Of warme handschoenen")).toBeVisible({ timeout: 1000 });
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);

    // The public page still shows the published version, from the page cache (a draft save drops nothing).
    const visitor = await page.context().newPage();
    const cached = await visitor.goto("/cadeautips/");
    expect(cached?.headers()["x-cache"]).toBe("HIT");
    await expect(visitor.getByText("Eerste versie")).toBeVisible();
    await expect(visitor.getByText("Of warme handschoenen")).toHaveCount(0);

    // Publishing drops the cached page: the next visitor gets the new version.
    const published = await request.post(`${BASE}/editor/stories/${id}/publish`, { headers: AUTH });
    expect(published.ok()).toBe(true);
    const fresh = await visitor.goto("/cadeautips/");
    expect(fresh?.headers()["x-cache"]).toBe("MISS");
    await expect(visitor.getByText("Of warme handschoenen")).toBeVisible();
  });
});
