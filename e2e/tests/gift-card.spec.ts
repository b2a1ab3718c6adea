import { expect, test } from "@playwright/test";
import { catalogProducts, expectAccessible, screenshot } from "./support.ts";

interface Product {
  sku: string;
  slug: string;
  image?: string;
  price_incl_tax: number;
  price_tax: number;
}

/*
 * Issue 14: the gift card showed "Geen afbeelding beschikbaar", promised free shipping and 30
 * days to return, and charged 21 % VAT at sale, while a multi-purpose voucher is taxed when it
 * is spent.
 */
test("a gift card: its own picture, e-mail instead of shipping promises, and no VAT at sale", async ({
  page,
  request,
}, testInfo) => {
  const card = (await catalogProducts<Product>(request, "virtual")).find((p) => p.sku === "CAD50")!;
  expect(card.image).toMatch(/^\/product\/giftcard\//);
  expect(card.price_incl_tax).toBe(50);
  expect(card.price_tax).toBe(0);

  await page.goto(`/p/${card.sku}/${card.slug}`);
  await page.waitForLoadState("networkidle");
  const main = page.locator("#main");
  await expect(main.locator(".gallery").getByText("Geen afbeelding beschikbaar")).toHaveCount(0);
  await expect(main.locator(".product__price")).toContainText("€ 50,00");
  await expect(main.getByText("Geen btw: die wordt berekend bij besteding")).toBeVisible();
  await expect(main.getByText("Inclusief btw")).toHaveCount(0);
  const promises = main.locator(".product__promises");
  await expect(promises).toContainText("Direct per e-mail naar de ontvanger");
  await expect(promises).not.toContainText("verzending");
  await expect(promises).not.toContainText("bedenktijd");
  await expect(promises).not.toContainText("in huis");
  // The picture is served and drawn.
  const img = main.locator(".gallery img").first();
  await expect(img).toBeVisible();
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page);
  await screenshot(page, testInfo, "gift-card");
});
