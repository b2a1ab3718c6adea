import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";
import { catalogProducts } from "./support.ts";

/*
 * When the cart engine's code loads (ADR 0010, cart-api.ts): a shopper without a cart does not
 * download it until they use the cart; a shopper with one gets it at the first idle moment, so
 * the stored cart is restored and synced; a tab without a cart still follows another tab's.
 */

interface Product {
  sku: string;
  slug: string;
}

const ENGINE = /\/assets\/cart-engine-[\w-]+\.js$/;

function engineRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (ENGINE.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

/** Hydrated, and past the idle moment at which a shopper with a cart gets the engine. */
async function settled(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 3000 })),
  );
  await page.waitForLoadState("networkidle");
}

async function inStock(request: APIRequestContext, from: number): Promise<Product[]> {
  const found: Product[] = [];
  for (const p of (await catalogProducts<Product>(request, "simple")).slice(from)) {
    const answer = await request.get(`/api/stock/check?sku=${encodeURIComponent(p.sku)}`);
    if (answer.ok() && ((await answer.json()) as { result: { status: string } }).result.status === "ok") {
      found.push(p);
      if (found.length === 2) break;
    }
  }
  return found;
}

const productPath = (p: Product) => `/p/${p.sku}/${p.slug}`;
const cartButton = (page: Page) => page.getByRole("button", { name: /^Winkelwagen/ });

test.describe("the cart engine's code", () => {
  test("loads on the first add to cart, then at idle on every page while there is a cart", async ({
    page,
    request,
  }) => {
    const [product] = await inStock(request, 30);
    const engine = engineRequests(page);

    await settled(page, "/");
    await settled(page, productPath(product!));
    expect(engine, "no cart, no engine").toEqual([]);

    await page.getByRole("button", { name: "In winkelwagen" }).click();
    await expect(cartButton(page)).toHaveAccessibleName("Winkelwagen, 1 artikel", { timeout: 10_000 });
    expect(engine.length).toBe(1);

    // A new page with a cart: the engine comes at idle, without any cart action.
    await settled(page, "/");
    expect(engine.length).toBe(2);
  });

  test("a tab without a cart follows another tab that fills one", async ({ context, request }) => {
    const [x] = await inStock(request, 40);
    const quiet = await context.newPage();
    const engine = engineRequests(quiet);
    await settled(quiet, "/");
    expect(engine).toEqual([]);

    const other = await context.newPage();
    await settled(other, productPath(x!));
    await other.getByRole("button", { name: "In winkelwagen" }).click();
    await expect(cartButton(other)).toHaveAccessibleName("Winkelwagen, 1 artikel", { timeout: 10_000 });
    await expect(cartButton(quiet)).toHaveAccessibleName("Winkelwagen, 1 artikel", { timeout: 10_000 });
    expect(engine.length).toBe(1);
  });
});
