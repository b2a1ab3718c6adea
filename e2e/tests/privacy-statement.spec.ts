import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectAccessible, screenshot } from "./support.ts";

/*
 * Issue 15: the privacy statement modal (browsing §2), with the CMS's privacy page as its
 * content, opened from the cookie banner and from the newsletter form; closing it returns to
 * what the visitor was deciding on.
 */
test.use({ storageState: { cookies: [], origins: [] } });
// A first visit's page, banner and CMS story on a busy two-core machine: more than the 30 s default.
test.describe.configure({ timeout: 90_000 });

const consentDialog = (page: Page) => page.getByRole("dialog", { name: "Wij gebruiken cookies" });
const privacyDialog = (page: Page) => page.getByRole("dialog", { name: "Privacyverklaring" });

test("the privacy statement opens over the cookie banner and from the footer's newsletter form", async ({
  page,
}, testInfo) => {
  await page.route(/^https:\/\/www\.googletagmanager\.com\//, (route) => route.abort());
  await page.goto("/");
  // The banner comes with the page's scripts (its own chunk), after hydration.
  await page.waitForLoadState("networkidle");
  const banner = consentDialog(page);
  await expect(banner).toBeVisible({ timeout: 15_000 });
  const link = banner.getByRole("link", { name: "Lees onze privacyverklaring" });
  await expect(link).toHaveAttribute("href", "/privacyverklaring");
  await link.click();

  // The CMS page's own text, over the banner, which waits for the visitor's choice.
  await expect(privacyDialog(page)).toBeVisible();
  await expect(privacyDialog(page).getByText(/Etalage B\.V\. \(Oudegracht 112/)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");
  await expectAccessible(page);
  await screenshot(page, testInfo, "privacy-statement-modal");
  await page.keyboard.press("Escape");
  await expect(privacyDialog(page)).toBeHidden();
  await expect(banner).toBeVisible();
  await expect(link).toBeFocused();

  await banner.getByRole("button", { name: "Alles weigeren" }).click();
  await page
    .getByRole("dialog", { name: "Nieuwsbrief" })
    .getByRole("button", { name: "Nee, bedankt" })
    .click();
  const footerLink = page.locator("footer").getByRole("link", { name: "Lees onze privacyverklaring" });
  await footerLink.click();
  await expect(privacyDialog(page).getByText(/Etalage B\.V\. \(Oudegracht 112/)).toBeVisible();
  await privacyDialog(page).getByRole("button", { name: "Sluiten" }).click();
  await expect(privacyDialog(page)).toBeHidden();
  await expect(footerLink).toBeFocused();
});
