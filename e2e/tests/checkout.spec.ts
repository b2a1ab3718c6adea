import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible, guestCartWith, screenshot, stockedSimples, watchConsole } from "./support.ts";

/**
 * Checkout, orders and payments (issue 13): a guest with a cart pays with iDEAL, with a card
 * through 3-D Secure, after a refused card with iDEAL for the same order, and picks up at a PostNL
 * point paying on delivery. Payments go to the built-in Adyen test gateway ('Testbetaling').
 */
let nextProduct = 0;

/** A guest cart on the server with one in-stock product, named by the browser's cart cookie. */
async function cartWithProduct(request: APIRequestContext, context: BrowserContext, baseURL: string) {
  const simples = await stockedSimples(request);
  const product = simples[(nextProduct++ * 7) % simples.length]!;
  await guestCartWith(request, context, baseURL, product.sku);
  return product;
}

async function fillDetails(page: Page) {
  await page.getByLabel("E-mailadres").fill("koper@example.nl");
  await page.getByLabel("Voornaam").fill("Jan");
  await page.getByLabel("Achternaam").fill("de Vries");
  await page.getByLabel("Postcode").fill("3511 AB");
  await page.getByLabel("Huisnummer").fill("12");
  await page.getByLabel("Straat").fill("Oudegracht");
  await page.getByLabel("Plaats").fill("Utrecht");
}

async function openCheckout(page: Page, testInfo: Parameters<Parameters<typeof test>[2]>[1], name: string) {
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Afrekenen", level: 1 })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Overzicht van je bestelling" })).toBeVisible();
  await expect(page.locator("footer.site-footer, footer[role=contentinfo]")).toHaveCount(0);
  // Nothing pushes the page sideways on a phone (a fieldset's min-content width once did).
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
  await expectAccessible(page);
  await screenshot(page, testInfo, name);
}

test.describe("checkout", () => {
  test("a guest pays with iDEAL and sees the order number", async ({
    page,
    request,
    context,
    baseURL,
  }, testInfo) => {
    const problems = watchConsole(page);
    await cartWithProduct(request, context, baseURL!);
    await openCheckout(page, testInfo, "checkout-form");
    await fillDetails(page);
    await page.getByLabel("iDEAL").check();
    await page.getByRole("button", { name: "Bestelling plaatsen" }).click();
    await expect(page.getByText("Testbetaling", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "checkout-ideal-bank");
    await page.getByRole("button", { name: "Betalen (gelukt)" }).click();
    await expect(
      page.getByRole("heading", { name: /Bedankt voor je bestelling|Je betaling wordt verwerkt/ }),
    ).toBeVisible();
    await expect(page.getByText(/Je ordernummer is 1\d{8}\./)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "checkout-thank-you");
    expect(problems).toEqual([]);
  });

  test("refused fields are said in Dutch and focus goes to the first", async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    await cartWithProduct(request, context, baseURL!);
    await page.goto("/checkout");
    await page.getByLabel("E-mailadres").fill("koper@example.nl");
    await page.getByRole("button", { name: "Bestelling plaatsen" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Verbeter de gemarkeerde velden" })).toBeVisible();
    await expect(page.getByLabel("Voornaam")).toBeFocused();
    await expect(page.getByText("Dit veld is verplicht").first()).toBeVisible();
  });

  test("a card through the 3-D Secure challenge pays the order", async ({
    page,
    request,
    context,
    baseURL,
  }, testInfo) => {
    await cartWithProduct(request, context, baseURL!);
    await page.goto("/checkout");
    await fillDetails(page);
    await page.getByLabel("Creditcard").check();
    await page.getByRole("button", { name: "Bestelling plaatsen" }).click();
    await page.getByLabel("Kaartnummer").fill("4917 6100 0000 0000");
    await page.getByLabel("Vervaldatum (MM/JJ)").fill("03/30");
    await page.getByLabel("Beveiligingscode").fill("737");
    await page.getByLabel("Naam op de kaart").fill("J. de Vries");
    await expectAccessible(page);
    await screenshot(page, testInfo, "checkout-card");
    await page.getByRole("button", { name: "Betalen" }).click();
    await page.getByLabel("Wachtwoord").fill("password");
    await screenshot(page, testInfo, "checkout-3ds");
    await page.getByRole("button", { name: "Bevestigen" }).click();
    await expect(page.getByText(/Je ordernummer is 1\d{8}\./)).toBeVisible();
  });

  test("a refused card shows the failure and the same order is paid with iDEAL", async ({
    page,
    request,
    context,
    baseURL,
  }, testInfo) => {
    await cartWithProduct(request, context, baseURL!);
    await page.goto("/checkout");
    await fillDetails(page);
    await page.getByLabel("Creditcard").check();
    await page.getByRole("button", { name: "Bestelling plaatsen" }).click();
    await page.getByLabel("Kaartnummer").fill("4111 1111 1111 1111");
    await page.getByLabel("Vervaldatum (MM/JJ)").fill("03/30");
    await page.getByLabel("Beveiligingscode").fill("737");
    await page.getByLabel("Naam op de kaart").fill("DECLINED");
    await page.getByRole("button", { name: "Betalen" }).click();
    await expect(page.getByRole("heading", { name: "Betaling mislukt" })).toBeVisible();
    const legend = await page.locator("legend").textContent();
    const orderNumber = /\d{9}/.exec(legend ?? "")?.[0];
    await expectAccessible(page);
    await screenshot(page, testInfo, "checkout-failed");
    await page.getByLabel("iDEAL").check();
    await page.getByRole("button", { name: "Nu betalen" }).click();
    await page.getByRole("button", { name: "Betalen (gelukt)" }).click();
    await expect(page.getByText(`Je ordernummer is ${orderNumber}.`)).toBeVisible();
  });

  test("a PostNL pick-up point near the postcode, paid on delivery", async ({
    page,
    request,
    context,
    baseURL,
  }, testInfo) => {
    await cartWithProduct(request, context, baseURL!);
    await page.goto("/checkout");
    await fillDetails(page);
    await page.getByLabel("Ophalen bij een PostNL-punt").check();
    await page.getByRole("button", { name: "Afhaalpunten zoeken" }).click();
    const points = page.getByLabel("Afhaalpunt");
    await expect(points).toBeVisible();
    await fillDetails(page);
    await page.getByLabel("Ophalen bij een PostNL-punt").check();
    await points.selectOption({ index: 1 });
    await page.getByLabel("Betalen bij bezorging").check();
    await screenshot(page, testInfo, "checkout-pickup");
    await page.getByRole("button", { name: "Bestelling plaatsen" }).click();
    await expect(page.getByRole("heading", { name: "Bedankt voor je bestelling!" })).toBeVisible();
    await expect(page.getByText("Je betaalt bij de bezorging.")).toBeVisible();
  });
});
