import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";
import { clientNavigate, guestCartWith, holdRequests, stockedSimples, watchConsole } from "./support.ts";

/*
 * Parts hydrated on demand (docs/decisions/0007-storefront-speed.md, decision 18): the footer, the
 * desktop menu and a product's gallery, breadcrumbs and details keep their server HTML until the
 * shopper acts, and must survive a client navigation made before that, and still work after.
 */

const BASE = "/api/ext/vsf-storyblok-extension";
const AUTH = { authorization: "Bearer etalage-e2e-editor-token-0123456789" };
const ON_DEMAND = /\/(site-footer-view|mega-menu|product-gallery|product-details)-[\w-]+\.js$/;

/** The on-demand chunks this page has fetched so far. */
const fetched = (page: Page) =>
  page.evaluate(
    (pattern) =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => new RegExp(pattern).test(name)),
    ON_DEMAND.source,
  );

/** A product page, as the shop links it: the first card of a category. */
async function productPath(page: Page): Promise<string> {
  await page.goto("/kleding/overhemden/");
  const href = await page.locator("main a.product-card, main .product-card a").first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

/** Marks this document: still there after a client navigation, gone after a page load. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test("a product page loads no on-demand code until the shopper acts", async ({ page }) => {
  const path = await productPath(page);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  expect(await fetched(page)).toEqual([]);
  await page.mouse.move(20, 20);
  await expect.poll(async () => (await fetched(page)).length).toBeGreaterThanOrEqual(4);
});

test("the checkout's own calls as it loads bring no menu or footer code: it shows neither", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const [product] = await stockedSimples(request);
  await guestCartWith(request, context, baseURL!, product!.sku);
  await page.goto("/checkout");
  // The payment methods come from the checkout's own call after it loads (a fetcher).
  await expect(page.getByLabel("iDEAL")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await fetched(page)).toEqual([]);
});

test.describe("a first visit", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the cookie banner taking focus is not the shopper's first act: no route code loads until they act", async ({
    page,
  }) => {
    const routeCode = /\/assets\/(checkout|my-account|storelocator)-[\w-]+\.js$/;
    const routeCodeFetched = () =>
      page.evaluate(
        (pattern) =>
          performance.getEntriesByType("resource").some((entry) => new RegExp(pattern).test(entry.name)),
        routeCode.source,
      );
    await page.goto("/");
    // The banner opens as a modal and moves focus to its first control by itself.
    await expect(page.getByRole("dialog", { name: "Wij gebruiken cookies" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await routeCodeFetched()).toBe(false);
    expect(await fetched(page)).toEqual([]);
    // The shopper's own key press is an act: the code of the pages linked comes after it.
    const arrives = page.waitForRequest(routeCode);
    await page.keyboard.press("Tab");
    await arrives;
  });
});

test("the footer and the menu keep their server HTML across a navigation made before any interaction, and work after", async ({
  page,
  isMobile,
}) => {
  const problems = watchConsole(page);
  const path = await productPath(page);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await mark(page);
  await clientNavigate(page, "/kleding/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Kleding/i);

  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Contact", exact: true })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Blijf op de hoogte" })).toBeVisible();
  // Phones hide the desktop menu: its server HTML is there all the same.
  await expect(page.locator('nav.main-nav a[href="/kleding/"]').first()).toBeAttached();

  if (!isMobile) {
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    await nav.getByRole("link", { name: "Schoenen", exact: true }).hover();
    await expect(nav.getByRole("button", { name: "Menu Schoenen" })).toHaveAttribute("aria-expanded", "true");
    await page.mouse.move(640, 700);
    await expect(nav.getByRole("button", { name: "Menu Schoenen" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  }
  await footer.getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/klantenservice\/$/);
  expect(await sameDocument(page)).toBe(true);
  await expect(footer.getByRole("link", { name: "Contact", exact: true })).toBeVisible();
  expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
});

test("a click in the footer before its code is there is made once it is: through the router, no page load", async ({
  page,
}) => {
  const held = await holdRequests(page, /\/assets\/site-footer-view-[\w-]+\.js$/);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await mark(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  await expect.poll(() => held.count()).toBe(1);
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe("/");

  await held.release();
  await expect(page).toHaveURL(/\/klantenservice\/$/);
  expect(await sameDocument(page)).toBe(true);
});

test("a gallery thumbnail chosen before the gallery's code is there turns the picture once it is", async ({
  page,
}) => {
  const path = await productPath(page);
  const held = await holdRequests(page, /\/assets\/product-gallery-[\w-]+\.js$/);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const thumbs = page.getByRole("group", { name: "Kies een afbeelding" }).getByRole("button");
  test.skip((await thumbs.count()) < 2, "the first product has one picture");
  const image = page.locator(".gallery__image");
  const first = await image.getAttribute("src");
  await thumbs.nth(1).click();
  await expect.poll(() => held.count()).toBe(1);
  await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "false");

  await held.release();
  await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(image).not.toHaveAttribute("src", first!);
});

test("the CMS preview redraws the footer with each draft save, though nobody touched the page", async ({
  page,
  request,
}) => {
  test.skip(test.info().project.name !== "desktop", "one run changes the content");
  const published = await request.get(`${BASE}/story/layout/footer`);
  expect(published.ok()).toBe(true);
  const footer = (await published.json()).result.story.content;
  const list = await request.get(`${BASE}/editor/stories?starts_with=layout/footer`, { headers: AUTH });
  const id = ((await list.json()).result.stories as { id: number; full_slug: string }[]).find(
    (s) => s.full_slug === "layout/footer",
  )!.id;
  const saveTitle = async (title: string) => {
    const saved = await request.put(`${BASE}/editor/stories/${id}`, {
      headers: AUTH,
      data: { content: { ...footer, newsletterTitle: title } },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  };
  try {
    await saveTitle("Eerste concept");
    const token = await request.post(`${BASE}/editor/stories/${id}/preview-token`, { headers: AUTH });
    const previewUrl = new URL((await token.json()).result.preview_url);
    await page.goto(previewUrl.pathname + previewUrl.search);
    const heading = page.getByRole("contentinfo").getByRole("heading", { level: 2 }).first();
    await expect(heading).toHaveText("Eerste concept");
    await page.waitForLoadState("networkidle");
    await mark(page);
    await page.waitForTimeout(300); // the event stream is open

    await saveTitle("Tweede concept");
    await expect(heading).toHaveText("Tweede concept", { timeout: 2000 });
    expect(await sameDocument(page)).toBe(true);
  } finally {
    await request.put(`${BASE}/editor/stories/${id}`, { headers: AUTH, data: { content: footer } });
  }
});
