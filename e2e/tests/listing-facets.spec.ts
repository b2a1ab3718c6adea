import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";
import { catalogProducts, expectAccessible, screenshot } from "./support.ts";

interface Product {
  sku: string;
  configurable_options?: { attribute_code: string; values: { label: string }[] }[];
}

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

async function filters(page: Page): Promise<Locator> {
  if (!isMobile(page)) return page.getByRole("complementary", { name: "Filters" });
  const dialog = page.getByRole("dialog", { name: "Filteren & sorteren" });
  if (!(await dialog.isVisible())) {
    await page.getByRole("button", { name: /Filteren & sorteren/ }).click();
    await expect(dialog).toBeVisible();
  }
  return dialog;
}

async function openSection(scope: Locator, title: string): Promise<Locator> {
  const details = scope.locator("details", { has: scope.page().locator("summary", { hasText: title }) });
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await expect(details).toHaveAttribute("open", "");
  return details;
}

/*
 * Issue 14: the size facet was capped at the API's 10 options, so jeans in W36/L34 could not be
 * filtered on, and Kleding showed 4 of its 11 waist/length sizes.
 */
test.describe("listing facets", () => {
  test("the size filter offers every size sold in the category", async ({ page, request }, testInfo) => {
    // What Kleding sells in waist/length sizes, read from its trousers and jeans themselves.
    const sold = new Set(
      (await catalogProducts<Product>(request, "configurable"))
        .filter((p) => /^(BRK|JNS)/.test(p.sku))
        .flatMap((p) => p.configurable_options?.find((o) => o.attribute_code === "size")?.values ?? [])
        .map((v) => v.label),
    );
    expect(sold.size).toBeGreaterThan(10);
    await page.goto("/c/kleding");
    await page.waitForLoadState("networkidle");
    const scope = await filters(page);
    const size = await openSection(scope, "Maat");
    await size.getByRole("button", { name: "Toon meer" }).click();
    const labels = await size.locator(".facet-option__label").allTextContents();
    // Letter sizes and every waist/length pair of the trousers and jeans in Kleding.
    for (const label of ["XS", "XXL", ...sold]) expect(labels).toContain(label);
    await screenshot(page, testInfo, "listing-size-facet");
    await expectAccessible(page);
  });

  test("price ranges read with the shop's spacing", async ({ page }) => {
    await page.goto("/c/kleding");
    await page.waitForLoadState("networkidle");
    const price = await openSection(await filters(page), "Prijs");
    const labels = await price.locator(".price-filter__buckets .facet-option__label").allTextContents();
    expect(labels).toContain("€ 50 – € 100");
    for (const label of labels) expect(label).toMatch(/^(Tot € \d+|€ \d+ – € \d+|Vanaf € \d+)$/);
  });
});
