import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { test } from "./fixtures.ts";
import {
  catalogProducts,
  expectAccessible,
  holdRequests,
  open,
  pickChild,
  screenshot,
  watchConsole,
} from "./support.ts";

/*
 * The client cart (transactional §4): adding every kind of product from its page, the header
 * count, the cart surviving a reload (IndexedDB) and the loss of the browser's storage (the
 * server cart named by the cart cookie), two tabs converging, and twenty rapid clicks.
 */

interface Child {
  sku: string;
  status: number;
  color?: string;
  size?: string;
  stock: { is_in_stock: boolean; is_volatile?: boolean; qty?: number };
}
interface Product {
  sku: string;
  name: string;
  slug: string;
  type_id: string;
  stock?: { is_in_stock: boolean; is_volatile?: boolean };
  configurable_children?: Child[];
  configurable_options?: { attribute_code: string; values: { value_index: string; label: string }[] }[];
  product_links?: { link_type: string; linked_product_sku: string; qty?: number }[];
}
interface ServerLine {
  sku: string;
  qty: number;
}

const ADDED = "Het artikel is aan je winkelwagen toegevoegd!";
const CART = "/api/ext/tritonx/cart";

const products = (request: APIRequestContext, type: string) => catalogProducts<Product>(request, type);

/** In stock and sure of it, so adding shows no pre-reservation notice. */
async function stockOk(request: APIRequestContext, sku: string): Promise<boolean> {
  const response = await request.get(`/api/stock/check?sku=${encodeURIComponent(sku)}`);
  return response.ok() && ((await response.json()) as { result: { status: string } }).result.status === "ok";
}

async function firstInStock(request: APIRequestContext, list: Product[]): Promise<Product> {
  for (const product of list) if (await stockOk(request, product.sku)) return product;
  throw new Error("no product in stock");
}

const productPath = (p: Product, childSku?: string) =>
  `/p/${p.sku}/${p.slug}${childSku ? `/${childSku}` : ""}`;

/** The visible cart button (the header's on desktop, the tab bar's on phones). */
const cartButton = (page: Page): Locator => page.getByRole("button", { name: /^Winkelwagen/ });

async function expectCount(page: Page, count: number) {
  const name =
    count === 0 ? "Winkelwagen" : count === 1 ? "Winkelwagen, 1 artikel" : `Winkelwagen, ${count} artikelen`;
  await expect(cartButton(page)).toHaveAccessibleName(name, { timeout: 10_000 });
}

async function addToCart(page: Page) {
  await page.getByRole("button", { name: "In winkelwagen" }).click();
}

async function cartId(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === "etalage_cart");
  expect(cookie, "the cart cookie").toBeTruthy();
  return cookie!.value;
}

async function serverLines(request: APIRequestContext, id: string): Promise<ServerLine[]> {
  const response = await request.get(`${CART}/pull?cartId=${encodeURIComponent(id)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: ServerLine[] }).result;
}

/** Waits until the server cart holds exactly these quantities per sku. */
async function expectServerCart(
  request: APIRequestContext,
  context: BrowserContext,
  want: Record<string, number>,
) {
  const id = await cartId(context);
  await expect
    .poll(async () => {
      const lines = await serverLines(request, id);
      return Object.fromEntries(lines.map((l) => [l.sku, l.qty]));
    })
    .toEqual(want);
}

test.describe("the cart", () => {
  test("every kind of product goes in from its page, and the cart survives a reload and lost storage", async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const problems = watchConsole(page);

    const configurable = (await products(request, "configurable")).find((p) =>
      (p.configurable_children ?? []).some(
        (c) => c.status < 2 && c.stock.is_in_stock && !c.stock.is_volatile,
      ),
    )!;
    let child: Child | undefined;
    for (const c of configurable.configurable_children ?? []) {
      if (c.status < 2 && (await stockOk(request, c.sku))) {
        child = c;
        break;
      }
    }
    expect(child, "an in-stock variant").toBeTruthy();
    const simple = await firstInStock(request, await products(request, "simple"));
    const bundle = await firstInStock(request, await products(request, "bundle"));
    const grouped = (await products(request, "grouped"))[0]!;
    const children = (grouped.product_links ?? []).filter((l) => l.link_type === "associated");
    const groupedQty = Object.fromEntries(children.map((l) => [l.linked_product_sku, l.qty ?? 1]));
    const groupedSum = Object.values(groupedQty).reduce((a, b) => a + b, 0);

    // A configurable: the variant named in the URL is chosen.
    await open(page, productPath(configurable, child!.sku));
    await expectCount(page, 0);
    await addToCart(page);
    await expect(page.getByText(ADDED)).toBeVisible();
    await expectCount(page, 1);

    await open(page, productPath(simple));
    await expectCount(page, 1);
    await addToCart(page);
    await expectCount(page, 2);

    await open(page, productPath(bundle));
    await addToCart(page);
    await expectCount(page, 3);

    // A grouped product goes in as its associated products, at their default quantities.
    await open(page, productPath(grouped));
    await addToCart(page);
    await expectCount(page, 3 + groupedSum);
    // With the badge showing (its count is part of the cart button's name): the product page
    // with a filled cart, at 390 px (tab bar) and 1280 px (header).
    await expectAccessible(page);
    await screenshot(page, testInfo, "cart-added");

    const want = { [child!.sku]: 1, [simple.sku]: 1, [bundle.sku]: 1, ...groupedQty };
    await expectServerCart(request, context, want);

    // A reload: the cart comes back from IndexedDB.
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expectCount(page, 3 + groupedSum);

    // The browser's storage gone: the cart cookie still names the server cart.
    await page.goto("/api/health");
    await page.evaluate(async () => {
      localStorage.clear();
      await new Promise((resolve, reject) => {
        const request = indexedDB.deleteDatabase("etalage-cart");
        request.onsuccess = resolve;
        request.onerror = reject;
        request.onblocked = reject;
      });
    });
    await open(page, "/");
    await expectCount(page, 3 + groupedSum);
    await expectServerCart(request, context, want);
    expect(problems).toEqual([]);
  });

  test("a missing size is said next to the options and announced once, as the error notification", async ({
    page,
    request,
  }) => {
    const configurable = (await products(request, "configurable")).find((p) =>
      (p.configurable_children ?? []).some((c) => c.status < 2 && c.stock.is_in_stock),
    )!;
    await open(page, productPath(configurable));
    await addToCart(page);
    const toast = page.locator(".toasts").getByText(/^Kies je /);
    await expect(toast).toBeVisible();
    const message = (await toast.textContent())!;
    await expect(page.locator(".options").getByText(message, { exact: true })).toBeVisible();
    // Only the notification sits in a live region; the hint by the options is not a second one.
    const announced = await page.evaluate((text) => {
      const live = '[role="alert"], [role="status"], [aria-live]:not([aria-live="off"])';
      return [...document.querySelectorAll("body *")].filter(
        (el) => el.children.length === 0 && el.textContent?.trim() === text && el.closest(live),
      ).length;
    }, message);
    expect(announced).toBe(1);
    await expectCount(page, 0);
  });

  test("a size picked a moment before 'Add to cart' is the one added, while its code is still coming", async ({
    page,
    context,
    request,
  }) => {
    // Picking waits for the variant rules' chunk, fetched at the shopper's first interaction
    // (use-product-configuration.ts). Held here, the add comes before the pick has applied:
    // it must wait for it, not add (or refuse) what was on screen.
    const roomy = (c: Child) =>
      c.status < 2 && c.stock.is_in_stock && !c.stock.is_volatile && (c.stock.qty ?? 0) >= 10;
    const configurable = (await products(request, "configurable")).find((p) =>
      (p.configurable_children ?? []).some(roomy),
    )!;
    const size = configurable.configurable_options!.find((o) => o.attribute_code === "size")!;
    const picked = size.values.find((v) =>
      (configurable.configurable_children ?? []).some((c) => roomy(c) && c.size === v.value_index),
    )!;
    await open(page, productPath(configurable));
    const held = await holdRequests(page, /\/assets\/configuration-rules-[\w-]+\.js$/);

    const pickedChild = configurable.configurable_children!.find(
      (c) => roomy(c) && c.size === picked.value_index,
    )!;
    await pickChild(page, configurable, pickedChild);
    await addToCart(page);
    await page.waitForTimeout(300);
    await held.release();

    await expectCount(page, 1);
    await expect(page.getByText(/^Kies je /)).toHaveCount(0);
    // The cart cookie comes with the first sync to the server cart.
    await expect
      .poll(async () => (await context.cookies()).some((c) => c.name === "etalage_cart"))
      .toBe(true);
    const id = await cartId(context);
    await expect.poll(async () => (await serverLines(request, id)).length).toBe(1);
    const [line] = await serverLines(request, id);
    const child = configurable.configurable_children!.find((c) => c.sku === line!.sku);
    expect(child?.size, "the line is a child of the picked size").toBe(picked.value_index);
  });

  test("offline before the first interaction, an add that cannot start says so by the button", async ({
    page,
    context,
    request,
  }) => {
    const simple = await firstInStock(request, (await products(request, "simple")).slice(20));
    await open(page, productPath(simple));
    await context.setOffline(true);
    await addToCart(page);
    await expect(
      page.getByRole("status").filter({ hasText: "Er ging iets mis bij het toevoegen aan je winkelwagen" }),
    ).toBeVisible();
    await expectCount(page, 0);
    await context.setOffline(false);
  });

  test("twenty rapid clicks make one line of twenty", async ({ page, context, request }) => {
    const simple = await firstInStock(request, (await products(request, "simple")).slice(5));
    await open(page, productPath(simple));
    const button = page.getByRole("button", { name: "In winkelwagen" });
    for (let i = 0; i < 20; i++) await button.click({ delay: 0 });
    await expectCount(page, 20);
    await expectServerCart(request, context, { [simple.sku]: 20 });
    // Nothing more arrives later.
    await page.waitForTimeout(500);
    await expectCount(page, 20);
  });

  test("two tabs editing one cart converge", async ({ context, request }) => {
    const inStock: Product[] = [];
    for (const p of (await products(request, "simple")).slice(10)) {
      if (inStock.length === 2) break;
      if (await stockOk(request, p.sku)) inStock.push(p);
    }
    const [x, y] = inStock as [Product, Product];

    const tab1 = await context.newPage();
    const tab2 = await context.newPage();
    await open(tab1, productPath(x));
    await open(tab2, productPath(y));

    await addToCart(tab1);
    await expectCount(tab1, 1);
    await expectCount(tab2, 1);

    await addToCart(tab2);
    await addToCart(tab1);
    await expectCount(tab1, 3);
    await expectCount(tab2, 3);
    await expectServerCart(request, context, { [x.sku]: 2, [y.sku]: 1 });
  });

  test("without JavaScript the form adds to the server cart, which the browser finds later", async ({
    browser,
    request,
  }) => {
    const simple = await firstInStock(request, (await products(request, "simple")).slice(50));
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto(productPath(simple));
    await page.getByRole("button", { name: "In winkelwagen" }).click();
    await expect(page.getByRole("status").filter({ hasText: ADDED })).toBeVisible();
    const id = await cartId(noScript);
    expect(await serverLines(request, id)).toMatchObject([{ sku: simple.sku, qty: 1 }]);

    const withScript = await browser.newContext();
    await withScript.addCookies((await noScript.cookies()).filter((c) => c.name === "etalage_cart"));
    const later = await withScript.newPage();
    await open(later, "/");
    await expectCount(later, 1);
    await noScript.close();
    await withScript.close();
  });
});
