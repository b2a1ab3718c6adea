import { expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectAccessible, screenshot, untilHydrated, watchConsole } from "./support.ts";

/**
 * Issue 29: a shopper compares shirts side by side. Four from a listing; a fifth is refused with
 * the reason; the header counts them; /vergelijken shows them with the differing rows marked,
 * one leaves, one goes into the cart; a sneaker is refused as another kind.
 */
test("a shopper compares four shirts, adds one to the cart and is told why a fifth or a sneaker cannot join", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const problems = watchConsole(page);
  await page.goto("/c/overhemden");
  await untilHydrated(page);
  const cards = page.locator("article.product-card");
  for (let i = 0; i < 4; i++) {
    const button = cards.nth(i).getByRole("button", { name: /^Vergelijk / });
    await button.click();
    await expect(cards.nth(i).getByTestId("compare-button")).toHaveAttribute("aria-pressed", "true");
  }
  const headerLink = page.locator("[data-testid=compare-link]:visible");
  await expect(headerLink).toHaveAccessibleName("Vergelijk 4 gekozen");

  await cards
    .nth(4)
    .getByRole("button", { name: /^Vergelijk / })
    .click();
  await expect(page.getByText(/Je kunt maximaal 4 producten vergelijken/)).toBeVisible();
  await expect(cards.nth(4).getByTestId("compare-button")).toHaveAttribute("aria-pressed", "false");

  await headerLink.click();
  await expect(page).toHaveURL(/\/vergelijken$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const table = page.getByRole("table", { name: "Producten vergelijken" });
  await expect(table.getByRole("columnheader")).toHaveCount(4);
  // The catalogue's answer fills the attributes: the fit row is there, and something differs.
  await expect(table.getByRole("rowheader", { name: /^Pasvorm/ })).toBeVisible();
  await expect(table.locator("tr.compare-table__row--differs").first()).toBeVisible();
  await expect(table.getByRole("rowheader", { name: /^Maten op voorraad/ })).toBeVisible();
  // Four columns scroll inside the table's frame: the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  const removed =
    (await table.getByRole("columnheader").nth(3).locator(".compare-table__name").textContent()) ?? "";
  await table.getByRole("button", { name: `${removed} niet meer vergelijken` }).click();
  await expect(table.getByRole("columnheader")).toHaveCount(3);
  await expect(headerLink).toHaveAccessibleName("Vergelijk 3 gekozen");

  const first =
    (await table.getByRole("columnheader").first().locator(".compare-table__name").textContent()) ?? "";
  const size = table.getByLabel(`Maat voor ${first}`);
  await size.selectOption({ index: 1 });
  await table.getByTestId("compare-add").first().click();
  await expect(page.getByText("Het artikel is aan je winkelwagen toegevoegd!")).toBeVisible();

  await expectAccessible(page);
  await screenshot(page, testInfo, "compare");

  // A sneaker's page knows its kind: it does not join a comparison of shirts.
  await page.goto("/c/sneakers");
  await page.locator("article.product-card a").first().click();
  await expect(page.locator(".product__info h1")).toBeVisible();
  await untilHydrated(page);
  await page
    .locator(".product__info")
    .getByRole("button", { name: /^Vergelijk / })
    .click();
  await expect(page.getByText(/is een ander soort product/)).toBeVisible();
  expect(problems).toEqual([]);
});
