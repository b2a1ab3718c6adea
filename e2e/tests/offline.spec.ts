import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { test } from "./fixtures.ts";
import {
  catalogProducts,
  expectAccessible,
  open,
  screenshot,
  untilHydrated,
  watchConsole,
} from "./support.ts";

/*
 * Offline and installable (browsing §4 "Offline", issue 17): the service worker at `/`, pages and
 * images seen before opening offline with the offline badge, the offline page for a page never
 * seen, a cart change made offline reaching the server once back online, and a deploy announced
 * and taken without an open page asking for chunks that are gone.
 */

interface Product {
  sku: string;
  slug: string;
  name: string;
}

const OFFLINE_BADGE = "Je bent offline. Sommige functies zijn mogelijk niet beschikbaar.";
const CATEGORY = "/c/overhemden";
const CLIENT_BUILD = path.resolve(import.meta.dirname, "../../storefront/build/client");

/** The page is controlled by the service worker, its precache complete. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
}

/** What the shopper sees at that moment (a full-page shot scatters the fixed badge and toasts). */
async function viewportShot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `screenshots/${name}-${testInfo.project.name}.png`, animations: "disabled" });
}

/** Opens the search panel, whose code the page loads only then. */
async function openSearchPanel(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "desktop") {
    await page.getByRole("banner").getByRole("searchbox", { name: "Zoek producten" }).click();
  } else {
    await page
      .getByRole("navigation", { name: "Snelkoppelingen" })
      .getByRole("link", { name: "Zoeken" })
      .click();
  }
  const panel = page.getByRole("dialog", { name: "Zoek producten" });
  await expect(panel.getByRole("searchbox", { name: "Zoek producten" })).toBeVisible();
  await expect(panel.getByRole("alert")).toHaveCount(0);
}

async function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

async function firstInStock(request: APIRequestContext): Promise<Product> {
  for (const product of await catalogProducts<Product>(request, "simple")) {
    const answer = await request.get(`/api/stock/check?sku=${encodeURIComponent(product.sku)}`);
    if (answer.ok() && ((await answer.json()) as { result: { status: string } }).result.status === "ok") {
      return product;
    }
  }
  throw new Error("no simple product in stock");
}

async function cartId(context: BrowserContext): Promise<string> {
  let id = "";
  await expect
    .poll(async () => {
      id = (await context.cookies()).find((c) => c.name === "etalage_cart")?.value ?? "";
      return id;
    })
    .not.toBe("");
  return id;
}

/** Every image in the main area that is in view has arrived (not a broken image). */
async function expectImagesLoaded(page: Page) {
  const image = page.locator("main img").first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test.describe("offline", () => {
  test.use({ serviceWorkers: "allow" });

  test("the service worker registers at the root, with the manifest and its icons", async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    await open(page, "/");
    await controlled(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toBe(new URL("/", page.url()).href);

    const sw = await request.get("/sw.js");
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifestAnswer = await request.get(manifestHref!);
    expect(manifestAnswer.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = await manifestAnswer.json();
    expect(manifest).toMatchObject({
      name: "Etalage",
      lang: "nl-NL",
      display: "standalone",
      start_url: "/?utm_source=pwa",
    });
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const answer = await request.get(icon.src);
      expect(answer.headers()["content-type"]).toBe("image/png");
    }
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toContain("512x512");
    // Chromium's own installability check (what Lighthouse's PWA audits asked before v12).
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito, where Chromium installs nothing; every other reason counts.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("a visited category and product page open offline with their images; a page never seen shows the offline page", async ({
    page,
    context,
  }, testInfo) => {
    await open(page, "/");
    await controlled(page);
    await open(page, CATEGORY);
    await expectImagesLoaded(page);
    const productHref = await page.locator(".product-card a[href]").first().getAttribute("href");
    expect(productHref).toBeTruthy();
    await open(page, productHref!);
    await expectImagesLoaded(page);
    const productTitle = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";

    await context.setOffline(true);
    try {
      await page.goto(CATEGORY);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(OFFLINE_BADGE)).toBeVisible();
      await expectImagesLoaded(page);
      await screenshot(page, testInfo, "offline-category");

      await page.goto(productHref!);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(productTitle);
      await expect(page.getByText(OFFLINE_BADGE)).toBeVisible();
      await expectImagesLoaded(page);
      await screenshot(page, testInfo, "offline-product");

      await page.goto("/c/nooit-bezocht-offline");
      await expect(page.getByRole("heading", { level: 1, name: "Je bent offline" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Terug naar de startpagina" })).toHaveAttribute(
        "href",
        "/",
      );
      await expectAccessible(page);
      await screenshot(page, testInfo, "offline-page");
    } finally {
      await context.setOffline(false);
    }
  });
  test("offline, a product never seen says so, and the pages seen before stay usable (issue 23, item 9)", async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    await open(page, "/");
    await controlled(page);
    const home = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
    // Home seen as a document, then the category as another: offline, home's data is not at hand.
    await open(page, CATEGORY);
    await untilHydrated(page);
    const category = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
    const toasts = page.locator(".toasts");
    await context.setOffline(true);
    try {
      await page.locator("main .product-card a[href]").first().click();
      // The category stays, and works; no error page.
      await expect(
        toasts.getByText("Deze pagina is offline niet beschikbaar.", { exact: false }),
      ).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${CATEGORY}/?$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(category);
      await expect(page.getByText("Er is iets misgegaan")).toHaveCount(0);
      await viewportShot(page, testInfo, "offline-unvisited-product");
      await openSearchPanel(page, testInfo);
      await page.keyboard.press("Escape");
    } finally {
      await context.setOffline(false);
    }

    // Home seen in this page load: the unvisited product leads home, which renders (browsing §8).
    await page.goto("/");
    await untilHydrated(page);
    await context.setOffline(true);
    try {
      await page.locator("main .product-card a[href]").first().click();
      await expect(
        toasts.getByText("Het product, de categorie of de pagina is offline niet beschikbaar", {
          exact: false,
        }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(home);
      await expect(page.getByText("Er is iets misgegaan")).toHaveCount(0);
    } finally {
      await context.setOffline(false);
    }
  });

  test("with the worker, code never loaded before still comes offline: the search panel opens", async ({
    page,
    context,
  }, testInfo) => {
    await open(page, "/");
    await controlled(page);
    await context.setOffline(true);
    try {
      await openSearchPanel(page, testInfo);
    } finally {
      await context.setOffline(false);
    }
  });

  test("a cart change made offline waits, counted in the badge, and reaches the server cart once back online", async ({
    page,
    context,
    request,
  }, testInfo) => {
    const product = await firstInStock(request);
    await open(page, "/");
    await controlled(page);
    await open(page, `/p/${product.sku}/${product.slug}`);

    await context.setOffline(true);
    try {
      // The add-to-cart code was never loaded: it comes from the precache now.
      await page.getByRole("button", { name: "In winkelwagen" }).click();
      await expect(
        page.getByRole("button", { name: /^Winkelwagen/ }).filter({ visible: true }),
      ).toHaveAccessibleName("Winkelwagen, 1 artikel");
      await expect(page.getByText(OFFLINE_BADGE)).toBeVisible();
      await expect(page.getByText("1 wijziging wacht op verbinding")).toBeVisible();
      await viewportShot(page, testInfo, "offline-cart");
    } finally {
      await context.setOffline(false);
    }
    const id = await cartId(context);
    await expect
      .poll(async () => {
        const answer = await request.get(`/api/ext/tritonx/cart/pull?cartId=${encodeURIComponent(id)}`);
        const lines = ((await answer.json()) as { result: { sku: string; qty: number }[] }).result;
        return lines.map((l) => [l.sku, l.qty]);
      })
      .toEqual([[product.sku, 1]]);
    // Taken by the server: nothing waits any more, also when the connection drops again.
    await context.setOffline(true);
    await expect(page.getByText(OFFLINE_BADGE)).toBeVisible();
    await expect(page.getByText("1 wijziging wacht op verbinding")).toBeHidden();
    await context.setOffline(false);
  });

  test("a new build is announced, taken on reload, and the old build's pages are dropped", async ({
    page,
    context,
  }, testInfo) => {
    const problems = watchConsole(page);
    const workerLog: string[] = [];
    page.on("console", (msg) => {
      if (msg.text().startsWith("[service worker]")) workerLog.push(msg.text());
    });
    testInfo.annotations.push({ type: "service worker", description: "see attachment" });
    await open(page, "/");
    await controlled(page);
    await open(page, CATEGORY);
    const before = await cacheNames(page);
    const oldPages = before.find((name) => name.startsWith("etalage-pages-"));
    expect(oldPages, before.join(", ")).toBeTruthy();

    // A deploy: the same build with the offline page at another revision, so another version.
    const sw = path.join(CLIENT_BUILD, "sw.js");
    const original = readFileSync(sw, "utf8");
    const deployed = original.replace(
      /"revision":"[0-9a-f]+","url":"offline\.html"/,
      '"revision":"0000deploy0000","url":"offline.html"',
    );
    expect(deployed).not.toBe(original);
    const compressed = [`${sw}.br`, `${sw}.gz`].filter((file) => existsSync(file));
    for (const file of compressed) renameSync(file, `${file}.before-deploy`);
    writeFileSync(sw, deployed);
    // The deploy took the old build's chunks off the server: whatever the open page (or a worker)
    // still asks the network for under /assets/ is gone. Nothing may ask.
    const gone: string[] = [];
    await context.route(/\/assets\//, (route) => {
      gone.push(route.request().url());
      return route.fulfill({ status: 404, body: "" });
    });
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const notice = page.getByText("Nieuwe versie beschikbaar");
      await expect(notice).toBeVisible({ timeout: 15_000 });
      await viewportShot(page, testInfo, "offline-new-version");
      // Before reloading, the open page loads code it never loaded: its old build's chunk comes.
      await openSearchPanel(page, testInfo);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: "Zoek producten" })).toBeHidden();
      const reloaded = page.waitForEvent("load");
      await page.getByRole("button", { name: "Herladen" }).click();
      await reloaded;
      await controlled(page);
      await expect.poll(() => cacheNames(page)).not.toContain(oldPages);
      // The reloaded page runs the new worker's build: a lazy chunk and a navigation still work.
      await open(page, "/c/schoenen");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const after = await cacheNames(page);
      expect(after.some((name) => name.startsWith("etalage-pages-"))).toBe(true);
      expect(gone).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      // The build first: whatever failed, the next test gets the real worker back.
      writeFileSync(sw, original);
      for (const file of compressed) renameSync(`${file}.before-deploy`, file);
      await context.unroute(/\/assets\//).catch(() => {});
      await testInfo.attach("service worker log", { body: workerLog.join("\n") });
    }
  });
});
