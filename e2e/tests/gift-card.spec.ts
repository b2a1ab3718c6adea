import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures.ts";
import { catalogProducts, expectAccessible, screenshot, watchConsole } from "./support.ts";

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

/** The cart button a shopper sees at this width: the header's on desktop, the tab bar's on phones. */
function cartButton(page: Page, testInfo: TestInfo): Locator {
  const area =
    testInfo.project.name === "desktop"
      ? page.getByRole("banner")
      : page.getByRole("navigation", { name: "Snelkoppelingen" });
  return area.getByRole("button", { name: /^Winkelwagen/ });
}

/** The value a microcart line shows for one of its options ("Naam ontvanger" → "Sanne"). */
const option = (line: Locator, label: string) =>
  line
    .locator(".microcart-line__options > div")
    .filter({ has: line.page().getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");

/*
 * Issue 14: the gift card had no field for whom it is for. It is e-mailed, so the recipient's
 * name and address are asked (in Dutch, checked before anything is added), with an optional
 * message; the recipient travels with the line, and two recipients are two lines.
 */
test("a gift card for a recipient: checked in Dutch, one line per recipient, shown in cart and checkout", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const card = (await catalogProducts<Product>(request, "virtual")).find((p) => p.sku === "CAD50")!;
  await page.goto(`/p/${card.sku}/${card.slug}`);
  await page.waitForLoadState("networkidle");
  const form = page.locator("form.buy");
  const group = form.getByRole("group", { name: "Voor wie is de cadeaubon?" });
  const name = group.getByRole("textbox", { name: "Naam ontvanger" });
  const email = group.getByRole("textbox", { name: "E-mailadres ontvanger" });
  const message = group.getByRole("textbox", { name: "Persoonlijke boodschap (optioneel)" });
  const add = form.getByRole("button", { name: "In winkelwagen" });

  // Nothing typed: both required fields say so, the first takes the focus, nothing is added.
  await add.click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription("Naam ontvanger is verplicht");
  await expect(email).toHaveAccessibleDescription("E-mailadres ontvanger is verplicht");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(cartButton(page, testInfo).locator("[data-cart-count]")).toHaveCount(0);

  await name.fill("Sanne");
  await email.fill("sanne@");
  await add.click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription("Vul een geldig e-mailadres in");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");

  await email.fill("Sanne@Example.nl");
  await message.fill("Gefeliciteerd, Sanne!");
  await expect(message).toHaveAccessibleDescription("Nog 179 tekens");
  await expect(message).toHaveAttribute("maxlength", "200");
  await expectAccessible(page);
  await screenshot(page, testInfo, "gift-card-recipient");
  await add.click();
  const count = cartButton(page, testInfo).locator("[data-cart-count]");
  await expect(count).toHaveAttribute("data-cart-count", "1");

  // Another recipient: another line. The first recipient again: one more on theirs.
  await name.fill("Daan");
  await email.fill("daan@example.nl");
  await message.fill("");
  await add.click();
  await expect(count).toHaveAttribute("data-cart-count", "2");
  await name.fill("Sanne");
  await email.fill("sanne@example.nl");
  await message.fill("Gefeliciteerd, Sanne!");
  await add.click();
  await expect(count).toHaveAttribute("data-cart-count", "3");

  await cartButton(page, testInfo).click();
  const microcart = page.getByRole("dialog", { name: /^Winkelwagen/ });
  await expect(microcart).toBeVisible();
  const lines = microcart.locator(".microcart-line");
  await expect(lines).toHaveCount(2);
  const sanne = lines.filter({ has: page.getByText("sanne@example.nl") });
  const daan = lines.filter({ has: page.getByText("daan@example.nl") });
  await expect(option(sanne, "Naam ontvanger")).toHaveText("Sanne");
  await expect(option(sanne, "Persoonlijke boodschap")).toHaveText("Gefeliciteerd, Sanne!");
  await expect(option(daan, "Naam ontvanger")).toHaveText("Daan");
  // Each line's controls name their recipient, so two lines of one card are told apart.
  await expect(sanne.getByRole("textbox", { name: "Aantal Cadeaubon € 50 (Sanne)" })).toHaveValue("2");
  await expect(daan.getByRole("button", { name: "Cadeaubon € 50 (Daan) verwijderen" })).toBeVisible();
  // Issue 14: a line of more than one says what one costs.
  await expect(sanne.getByText("€ 50,00 per stuk")).toBeVisible();
  await expect(daan.getByText(/per stuk/)).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({
    path: `screenshots/gift-card-microcart-${testInfo.project.name}.png`,
    animations: "disabled",
  });

  await page.goto("/checkout");
  const summary = page.getByRole("complementary", { name: "Overzicht van je bestelling" });
  await expect(summary).toBeVisible();
  const rows = summary.getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Sanne" })).toContainText("2 × Cadeaubon € 50");
  await expect(rows.filter({ hasText: "Sanne" })).toContainText("sanne@example.nl");
  await expect(rows.filter({ hasText: "Sanne" })).toContainText("€ 50,00 per stuk");
  await expect(rows.filter({ hasText: "Daan" })).not.toContainText("per stuk");
  await summary.screenshot({ path: `screenshots/gift-card-checkout-summary-${testInfo.project.name}.png` });
  expect(problems).toEqual([]);
});
