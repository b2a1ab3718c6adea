import { type APIRequestContext, expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { clientNavigate, expectAccessible, screenshot, untilHydrated, watchConsole } from "./support.ts";

/** The URL dispatcher, its redirects, route-load errors and navigation history (browsing §2, §8). */

interface RedirectEntity {
  request_path: string;
  target_path: string;
  redirect_type: number;
}

async function redirects(request: APIRequestContext): Promise<RedirectEntity[]> {
  const response = await request.post("/api/catalog/catalog_nl/redirect/_search", { data: {} });
  expect(response.ok()).toBe(true);
  return (await response.json()).items;
}

/** A configurable product and one of its children's own url_path, from the public search API. */
async function configurableChild(request: APIRequestContext) {
  const fields = "sku,url_path,configurable_children.sku,configurable_children.url_path";
  const response = await request.post(
    `/api/catalog/catalog_nl/product/_search?size=1&_source_include=${fields}`,
    {
      data: { _appliedFilters: [{ attribute: "type_id", value: "configurable", scope: "default" }] },
    },
  );
  const [parent] = (await response.json()).items as {
    url_path: string;
    configurable_children: { sku: string; url_path: string }[];
  }[];
  const child = parent?.configurable_children[1];
  if (!parent || !child) throw new Error("the demo catalogue has no configurable product with children");
  return { parentPath: `/${parent.url_path}/`, childPath: `/${child.url_path}/`, childSku: child.sku };
}

test.describe("URL dispatcher", () => {
  test("an unknown url answers 404 with the not-found page", async ({ page }, testInfo) => {
    const problems = watchConsole(page);
    const response = await page.goto("/deze-pagina/bestaat-niet/");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagina niet gevonden");
    await expect(page).toHaveTitle(/Pagina niet gevonden/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await page.waitForLoadState("networkidle");
    await screenshot(page, testInfo, "routing-404");
    await expectAccessible(page);
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
  });

  test("a url_path resolves to its category and product pages", async ({ page, request }) => {
    const category = await page.goto("/kleding/overhemden/");
    expect(category?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Overhemden/i);

    const { parentPath } = await configurableChild(request);
    const product = await page.goto(parentPath);
    expect(product?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Pagina niet gevonden");
  });

  test("a redirect entity sends the visitor on with its redirect_type", async ({ page, request }) => {
    const all = await redirects(request);
    for (const type of [301, 302]) {
      const entity = all.find((r) => r.redirect_type === type);
      if (!entity) throw new Error(`the demo data has no ${type} redirect`);
      const response = await page.goto(`/${entity.request_path}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new URL(`/${entity.target_path}/`, page.url()).href);
      // One hop, straight to the target's canonical (slash) form.
      const from = response?.request().redirectedFrom();
      expect(from?.url()).toMatch(new RegExp(`/${entity.request_path.replace(/\./g, "\\.")}$`));
      expect((await from?.response())?.status()).toBe(type);
      expect(from?.redirectedFrom()).toBeNull();
    }
  });

  test("a configurable child's url answers 301 to its parent with ?childSku=", async ({ page, request }) => {
    const { parentPath, childPath, childSku } = await configurableChild(request);
    const response = await page.goto(childPath);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new URL(`${parentPath}?childSku=${childSku}`, page.url()).href);
    const from = response?.request().redirectedFrom();
    expect(from?.url()).toMatch(new RegExp(`${childPath}$`));
    expect((await from?.response())?.status()).toBe(301);
  });

  test("on the client, a child url is replaced by its parent: no history entry of its own", async ({
    page,
    request,
  }) => {
    const { parentPath, childPath, childSku } = await configurableChild(request);
    await page.goto("/kleding/");
    await untilHydrated(page);
    const before = await page.evaluate(() => history.length);

    await clientNavigate(page, childPath);
    await expect(page).toHaveURL(new URL(`${parentPath}?childSku=${childSku}`, page.url()).href);
    expect(await page.evaluate(() => history.length)).toBe(before + 1);

    await page.goBack();
    await expect(page).toHaveURL(/\/kleding\/$/);
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`${parentPath}\\?childSku=`));
  });

  test("a url_path without its trailing slash answers 301 to the slash form", async ({ page, request }) => {
    const response = await page.goto("/kleding/overhemden?sort=updated_at:desc");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/kleding\/overhemden\/\?sort=updated_at(%3A|:)desc$/);
    const from = response?.request().redirectedFrom();
    expect((await from?.response())?.status()).toBe(301);

    // Client data requests render as asked: no redirect loop between `.data` shapes.
    const data = await request.get("/kleding/overhemden.data", { maxRedirects: 0 });
    expect(data.status()).toBe(200);
    // The home page is never redirected.
    const home = await request.get("/", { maxRedirects: 0 });
    expect(home.status()).toBe(200);
  });
});

test.describe("navigation history", () => {
  test("keeps the last 30 full paths, saved to localStorage", async ({ page }) => {
    const seeded = Array.from({ length: 29 }, (_, i) => `/seed-${i}/`);
    await page.addInitScript((entries) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem("etalage:navigation-history", JSON.stringify(entries));
        sessionStorage.setItem("seeded", "1");
      }
    }, seeded);
    await page.goto("/");
    await untilHydrated(page);
    await clientNavigate(page, "/kleding/");
    await expect(page).toHaveURL(/\/kleding\/$/);
    await clientNavigate(page, "/kleding/?sort=final_price:asc");
    await expect(page).toHaveURL(/sort=final_price/);

    const stored = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem("etalage:navigation-history") ?? "[]") as string[]);
    await expect.poll(async () => (await stored()).at(-1)).toBe("/kleding/?sort=final_price:asc");
    const history = await stored();
    expect(history).toHaveLength(30);
    expect(history.slice(-3)).toEqual(["/", "/kleding/", "/kleding/?sort=final_price:asc"]);
    expect(history[0]).toBe("/seed-2/");
  });
});

test.describe("route-load errors", () => {
  test("offline, a page not seen before says so in Dutch and goes home", async ({ page, context }) => {
    await page.goto("/");
    await untilHydrated(page);
    await clientNavigate(page, "/kleding/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Kleding/i);
    // The routes of the page's links are known while online.
    await page.waitForLoadState("networkidle");

    await context.setOffline(true);
    const product = page.locator('main a[href$="/"]:has(img)').first();
    const href = await product.getAttribute("href");
    await product.click();

    const alert = page.getByRole("alert");
    await expect(alert).toContainText(
      "Het product, de categorie of de pagina is offline niet beschikbaar. Je wordt doorgestuurd naar de startpagina.",
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    expect(href).not.toBe("/");
    // Home comes from the local cache: the page itself (its product row), not an error page.
    await expect(page.locator("main .status-page")).toHaveCount(0);
    await expect(page.locator('main a[href$="/"]:has(img)').first()).toBeVisible();
    await alert.getByRole("button", { name: "OK", exact: true }).click();
    await expect(alert).toBeEmpty();

    // Back to a page seen before, still offline: the local cache again, no message.
    await page.goBack();
    await expect(page).toHaveURL(/\/kleding\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Kleding/i);
    await expect(alert).toBeEmpty();
    await context.setOffline(false);
  });

  test("the route code of the page's links loads once the shopper interacts, so offline clicks are handled", async ({
    page,
    context,
  }) => {
    const dispatcherCode = () =>
      page.evaluate(() =>
        performance.getEntriesByType("resource").some((e) => /\/dispatcher-[\w-]+\.js$/.test(e.name)),
      );
    await page.goto("/");
    await untilHydrated(page);
    await page.waitForLoadState("networkidle");
    expect(await dispatcherCode()).toBe(false);
    await page.mouse.move(10, 10);
    await page.mouse.wheel(0, 200);
    await expect.poll(dispatcherCode).toBe(true);

    await context.setOffline(true);
    await page.locator('main a[href$="/"]:has(img)').first().click();
    await expect(page.getByRole("alert")).toContainText("offline niet beschikbaar");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await expect(page.locator("main .status-page")).toHaveCount(0);
    await context.setOffline(false);
  });

  test("offline, a link whose route was never looked up also goes home", async ({ page, context }) => {
    await page.goto("/");
    await untilHydrated(page);
    await page.waitForLoadState("networkidle");
    // React Router looks up the routes of new links (/__manifest); these never get an answer.
    await page.route("**/__manifest*", (route) => route.abort("internetdisconnected"));
    await clientNavigate(page, "/kleding/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Kleding/i);

    await context.setOffline(true);
    await page.locator('main a[href$="/"]:has(img)').first().click();
    await expect(page.getByRole("alert")).toContainText("offline niet beschikbaar");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await expect(page.locator("main .status-page")).toHaveCount(0);
    await context.setOffline(false);
  });

  test("any other failure shows its message and the navigation goes on", async ({ page }) => {
    await page.goto("/");
    await untilHydrated(page);
    await page.route("**/kleding/_.data*", (route) =>
      route.fulfill({ status: 503, contentType: "text/plain", body: "Onderhoud: even geduld" }),
    );
    await clientNavigate(page, "/kleding/");
    await expect(page).toHaveURL(/\/kleding\/$/);
    await expect(page.getByRole("alert")).toContainText("Onderhoud: even geduld");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Er is iets misgegaan");
  });
});
