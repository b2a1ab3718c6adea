import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";
import { catalogProducts, expectAccessible, screenshot } from "./support.ts";

interface Product {
  sku: string;
  slug: string;
  configurable_options?: { attribute_code: string; values: { label: string }[] }[];
}

const sizesOf = (p: Product) =>
  p.configurable_options?.find((o) => o.attribute_code === "size")?.values ?? [];

async function openGuide(page: Page, product: Product) {
  expect(product, "a product of this kind in the demo catalogue").toBeTruthy();
  await page.goto(`/p/${product.sku}/${product.slug}`);
  await page.waitForLoadState("networkidle");
  await page.locator("#main").getByRole("button", { name: "Maattabel" }).click();
  const dialog = page.getByRole("dialog", { name: "Maattabel" });
  await expect(dialog.getByRole("table")).toBeVisible();
  return dialog;
}

/*
 * Issue 14: the guide had shirt sizes S–XXL with a collar column (also for T-shirts and
 * jumpers) and shoes 40–46, while the shop sells XS, shoes 39–47 and waist/length trousers.
 */
test.describe("the size guide", () => {
  test("opens the table of the product's kind, listing every size it is sold in", async ({
    page,
    request,
  }, testInfo) => {
    const all = await catalogProducts<Product>(request, "configurable");
    const pick = (prefix: string, size?: string) =>
      all.find((p) => p.sku.startsWith(prefix) && (!size || sizesOf(p).some((v) => v.label === size)))!;

    // A T-shirt is not bought by collar size.
    const tshirt = pick("TSP", "XS");
    let dialog = await openGuide(page, tshirt);
    await expect(dialog.getByRole("button", { name: "T-shirts, truien en jassen" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(dialog.getByRole("columnheader", { name: "Boordmaat" })).toHaveCount(0);
    for (const { label } of sizesOf(tshirt))
      await expect(dialog.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "size-guide-tshirt");
    // Focus goes back where it came from when the dialog closes.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.locator("#main").getByRole("button", { name: "Maattabel" })).toBeFocused();

    // Jeans: waist and length, W36/L34 included when sold.
    const jeans = pick("JNS", "W36/L34") ?? pick("JNS");
    dialog = await openGuide(page, jeans);
    for (const { label } of sizesOf(jeans))
      await expect(dialog.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
    await screenshot(page, testInfo, "size-guide-jeans");

    // Shoes 39 to 47.
    const shoe = pick("SNK", "47") ?? pick("SNK");
    dialog = await openGuide(page, shoe);
    for (const size of ["39", "47"])
      await expect(dialog.getByRole("rowheader", { name: size, exact: true })).toBeVisible();
    for (const { label } of sizesOf(shoe))
      await expect(dialog.getByRole("rowheader", { name: label, exact: true })).toBeVisible();

    // A suit has its own table.
    dialog = await openGuide(page, pick("PAK"));
    await expect(dialog.getByRole("columnheader", { name: "Confectiemaat" })).toBeVisible();
  });
});
