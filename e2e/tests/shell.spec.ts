import { expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectAccessible, screenshot, watchConsole } from "./support.ts";

test.describe("the shop's shell", () => {
  test("home is server-rendered Dutch and hydrates without errors", async ({ page }, testInfo) => {
    const problems = watchConsole(page);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.getByRole("link", { name: /Startpagina|Etalage/ }).first()).toHaveAttribute(
      "href",
      "/",
    );
    await page.waitForLoadState("networkidle");
    await screenshot(page, testInfo, "home");
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  test("an unknown path answers 404 with the not-found page", async ({ page }, testInfo) => {
    const response = await page.goto("/dit-bestaat-niet/echt-niet");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Pagina niet gevonden");
    await screenshot(page, testInfo, "not-found");
    await expectAccessible(page);
    await page
      .getByRole("link", { name: /startpagina/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the error page uses the minimal layout", async ({ page }, testInfo) => {
    const response = await page.goto("/error");
    expect(response?.status()).toBe(200);
    await expect(page.locator("footer")).toBeVisible();
    await expect(page.locator("nav")).toHaveCount(0);
    await screenshot(page, testInfo, "error");
  });
});
