import { expect } from "@playwright/test";
import { test } from "./fixtures.ts";

/*
 * Issue 14: a 2-letter search on the results page said "Geen producten gevonden!", while the
 * search panel explains that a term needs 3 characters.
 */
test("a 2-letter search on the results page says a term needs 3 characters", async ({ page }) => {
  const response = await page.goto("/catalogsearch/result?q=ov");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Zoekterm moet minimaal 3 tekens bevatten.")).toBeVisible();
  await expect(page.getByText("Geen producten gevonden!")).toHaveCount(0);
});
