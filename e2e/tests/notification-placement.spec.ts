import { expect, type Locator } from "@playwright/test";
import { test } from "./fixtures.ts";
import { catalogProducts, pickChild } from "./support.ts";

interface Child {
  sku: string;
  status: number;
  color: string;
  size: string;
  stock: { is_in_stock: boolean; qty: number };
}
interface Product {
  sku: string;
  slug: string;
  configurable_children?: Child[];
  configurable_options?: { attribute_code: string; values: { value_index: string; label: string }[] }[];
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

/*
 * Issue 14: on desktop the "added to cart" notifications stacked over the add-to-cart button and
 * the selling points beside it, the very things a shopper looks at next.
 */
test("on desktop, notifications leave the add-to-cart button and the selling points free", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "phones show notifications above the tab bar");
  const product = (await catalogProducts<Product>(request, "configurable")).find((p) =>
    p.configurable_children?.some((c) => c.status < 2 && c.stock.is_in_stock && c.stock.qty >= 10),
  )!;
  const child = product.configurable_children!.find((c) => c.status < 2 && c.stock.qty >= 10)!;
  await page.goto(`/p/${product.sku}/${product.slug}`);
  await page.waitForLoadState("networkidle");
  await pickChild(page, product, child);
  const button = page.getByRole("button", { name: "In winkelwagen" });
  // Two adds: two notifications stacked, as a shopper buying two sizes sees them.
  await button.click();
  await expect(page.locator(".toast")).toHaveCount(1);
  await button.click();
  await expect(page.locator(".toast")).toHaveCount(2);
  const promises = page.locator(".product__promise").first().locator("..");
  await expect(promises).toBeVisible();
  for (const toast of await page.locator(".toast").all()) {
    const box = await boxOf(toast);
    expect(overlaps(box, await boxOf(button)), "toast over the add-to-cart button").toBe(false);
    expect(overlaps(box, await boxOf(promises)), "toast over the selling points").toBe(false);
  }
  await page.screenshot({ path: `screenshots/notifications-${testInfo.project.name}.png` });
});
