import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures.ts";
import {
  catalogProducts,
  expectAccessible,
  guestCartWith,
  open,
  screenshot,
  stockedSimples,
  untilHydrated,
  watchConsole,
} from "./support.ts";

/*
 * Issue 29: the modals the spec names (browsing §2) that the shop lacked: terms and conditions,
 * password update, account addresses and the size selector. Each is its own chunk loaded the
 * first time it opens, in the one modal host.
 */
test.describe.configure({ timeout: 90_000 });

const API = "/api/ext/tritonx";
const PASSWORD = "Kaasschaaf-Fietsbel-87";
const NEW_PASSWORD = "Zomerjas-Regenboog-42";

function uniqueEmail(testInfo: TestInfo, name: string) {
  return `${name}.${testInfo.project.name}.${Date.now().toString(36)}${testInfo.repeatEachIndex}@example.nl`;
}

/** A new customer (no addresses) and, optionally, a login of theirs on "another device". */
async function newCustomer(request: APIRequestContext, email: string) {
  const created = await request.post(`${API}/create`, {
    data: { customer: { email, firstname: "Sem", lastname: "de Vries" }, password: PASSWORD },
  });
  expect(created.status()).toBe(200);
}

async function apiLogin(request: APIRequestContext, email: string, password = PASSWORD) {
  const answer = await request.post(`${API}/login`, { data: { username: email, password } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).result as string;
}

async function logIn(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Inloggen" });
  await form.getByLabel("E-mailadres").fill(email);
  await form.getByLabel("Wachtwoord").fill(PASSWORD);
  await form.getByRole("button", { name: "Inloggen" }).click();
}

function cartCount(page: Page, testInfo: TestInfo): Locator {
  const area =
    testInfo.project.name === "desktop"
      ? page.getByRole("banner")
      : page.getByRole("navigation", { name: "Snelkoppelingen" });
  return area.getByRole("button", { name: /^Winkelwagen/ }).locator("[data-cart-count]");
}

test.describe("terms and conditions", () => {
  const terms = (page: Page) => page.getByRole("dialog", { name: "Algemene voorwaarden" });

  test("the footer's link opens the CMS page's terms over the page", async ({ page }, testInfo) => {
    const problems = watchConsole(page);
    const chunks: string[] = [];
    page.on("request", (r) => {
      if (/terms-modal/.test(r.url())) chunks.push(r.url());
    });
    await open(page, "/");
    const link = page.locator("footer").getByRole("link", { name: "Algemene voorwaarden" });
    await expect(link).toHaveAttribute("href", "/algemene-voorwaarden");
    // Lazily loaded: nothing of the modal before it is asked for.
    expect(chunks).toEqual([]);
    await link.click();
    await expect(terms(page)).toBeVisible();
    await expect(
      terms(page).getByRole("heading", { name: "5. Herroepingsrecht en retourneren" }),
    ).toBeVisible();
    expect(chunks.length).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe("/");
    await expectAccessible(page);
    await screenshot(page, testInfo, "terms-modal", false);
    await page.keyboard.press("Escape");
    await expect(terms(page)).toBeHidden();
    await expect(link).toBeFocused();
    expect(problems).toEqual([]);
  });

  test("the checkout's legal line opens the terms without leaving the form", async ({
    page,
    request,
    context,
    baseURL,
  }, testInfo) => {
    const problems = watchConsole(page);
    const simples = await stockedSimples(request);
    await guestCartWith(
      request,
      context,
      baseURL!,
      simples[(7 + testInfo.repeatEachIndex * 3) % simples.length]!.sku,
    );
    await open(page, "/checkout");
    const email = page.getByLabel("E-mailadres");
    await email.fill("typed@example.nl");
    const link = page.locator(".checkout__legal").getByRole("link", { name: "algemene voorwaarden" });
    await link.click();
    await expect(terms(page).getByRole("heading", { name: "6. Betaling" })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "terms-modal-checkout", false);
    await terms(page).getByRole("button", { name: "Sluiten" }).click();
    await expect(terms(page)).toBeHidden();
    await expect(link).toBeFocused();
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await expect(email).toHaveValue("typed@example.nl");
    expect(problems).toEqual([]);
  });

  test("without JavaScript the link is the terms page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "Algemene voorwaarden" }).click();
    await expect(page).toHaveURL(/\/algemene-voorwaarden\/?$/);
    await expect(page.getByRole("heading", { name: "Algemene voorwaarden", level: 1 })).toBeVisible();
    await context.close();
  });
});

test("password update: the shopper stays logged in here, other devices are logged out", async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page);
  const email = uniqueEmail(testInfo, "wachtwoord");
  await newCustomer(request, email);
  const elsewhere = await apiLogin(request, email);

  await open(page, "/login?redirect=/my-account/details");
  await logIn(page, email);
  await expect(page).toHaveURL(/\/my-account\/details$/);
  await page.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
  const dialog = page.getByRole("dialog", { name: "Wachtwoord wijzigen" });
  await dialog.getByLabel("Huidig wachtwoord").fill(PASSWORD);
  await dialog.getByLabel("Nieuw wachtwoord", { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel("Herhaal wachtwoord").fill("Iets-Anders-123");
  await dialog.getByRole("button", { name: "Opslaan" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await dialog.getByLabel("Herhaal wachtwoord").fill(NEW_PASSWORD);
  await expectAccessible(page);
  await screenshot(page, testInfo, "password-update-modal", false);
  await dialog.getByRole("button", { name: "Opslaan" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Je wachtwoord is gewijzigd")).toBeVisible();

  // This device: still logged in, after a reload too. The other device's login is gone.
  await page.reload();
  await untilHydrated(page);
  await expect(page).toHaveURL(/\/my-account\/details$/);
  await expect(page.getByRole("heading", { name: "Mijn gegevens" })).toBeVisible();
  const other = await request.get(`${API}/me`, { headers: { authorization: `Bearer ${elsewhere}` } });
  expect(other.status()).toBe(401);
  await apiLogin(request, email, NEW_PASSWORD);
  expect(problems).toEqual([]);
});

test("account addresses: added and edited from the checkout without leaving it", async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page);
  const email = uniqueEmail(testInfo, "adres");
  await newCustomer(request, email);
  const token = await apiLogin(request, email);
  const headers = { authorization: `Bearer ${token}` };
  const cartId = (await (await request.post(`${API}/cart/create`, { headers, data: {} })).json()).result;
  const simples = await stockedSimples(request);
  const product = simples[(13 + testInfo.repeatEachIndex * 5) % simples.length]!;
  const added = await request.post(`${API}/cart/update?cartId=${cartId}`, {
    headers,
    data: { cartItem: { sku: product.sku, qty: 1, quoteId: cartId } },
  });
  expect(added.ok()).toBe(true);

  await open(page, "/login?redirect=/checkout");
  await logIn(page, email);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(`Ingelogd als ${email}`)).toBeVisible({ timeout: 20_000 });
  // A choice made before the modal opens is still there after it closes.
  const payment = page.getByRole("group", { name: "Betaalmethode" }).getByRole("radio").last();
  await payment.check();

  await page.getByRole("button", { name: "Adres toevoegen" }).click();
  const dialog = page.getByRole("dialog", { name: "Adres toevoegen" });
  await expect(dialog.getByLabel("Voornaam")).toHaveValue("Sem");
  // Dutch postcode rules: a postcode starting with 0 is none.
  await dialog.getByLabel("Postcode").fill("0123 AB");
  await dialog.getByLabel("Huisnummer").fill("8");
  await dialog.getByLabel("Straat").fill("Oudegracht");
  await dialog.getByLabel("Plaats").fill("Utrecht");
  await dialog.getByRole("button", { name: "Opslaan" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Vul een Nederlandse postcode in, zoals 1012 AB");
  await dialog.getByLabel("Postcode").fill("3511ax");
  await expectAccessible(page);
  await screenshot(page, testInfo, "account-addresses-modal", false);
  await dialog.getByRole("button", { name: "Opslaan" }).click();
  await expect(dialog).toBeHidden();

  // Still the checkout, with what was typed; the new address is saved, chosen and filled in.
  expect(new URL(page.url()).pathname).toBe("/checkout");
  await expect(payment).toBeChecked();
  const saved = page.getByRole("radio", { name: /Oudegracht 8, 3511 AX Utrecht/ });
  await expect(saved).toBeChecked({ timeout: 15_000 });
  await expect(page.locator("#checkout-postcode")).toHaveValue("3511 AX");
  await expect(page.locator("#checkout-city")).toHaveValue("Utrecht");

  await page.getByRole("button", { name: "Adres wijzigen" }).click();
  const edit = page.getByRole("dialog", { name: "Adres wijzigen" });
  await expect(edit.getByLabel("Huisnummer")).toHaveValue("8");
  await edit.getByLabel("Huisnummer").fill("10");
  await edit.getByRole("button", { name: "Opslaan" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("radio", { name: /Oudegracht 10, 3511 AX Utrecht/ })).toBeChecked({
    timeout: 15_000,
  });
  await expect(page.locator("#checkout-houseNumber")).toHaveValue("10");
  const me = await (await request.get(`${API}/me`, { headers })).json();
  expect(me.result.addresses).toHaveLength(1);
  expect(me.result.addresses[0].street).toEqual(["Oudegracht", "10"]);
  expect(problems).toEqual([]);
});

interface Configurable {
  sku: string;
  slug: string;
  name: string;
  configurable_options?: { attribute_code: string; values: { value_index: string; label: string }[] }[];
  configurable_children?: {
    sku: string;
    size?: string;
    status: number;
    stock?: { is_in_stock: boolean; qty: number };
  }[];
}

test.describe("size selector", () => {
  const sheet = (page: Page) => page.getByRole("dialog", { name: "Kies je maat" });

  /** On a phone the sheet lies on the bottom edge, the full width; on a desktop it is a dialog. */
  async function expectSheetPlacement(page: Page, testInfo: TestInfo) {
    // Where it comes to rest: the sheet slides in from below the edge.
    await sheet(page).evaluate((node) => Promise.all(node.getAnimations().map((a) => a.finished)));
    const box = (await sheet(page).boundingBox())!;
    const viewport = page.viewportSize()!;
    if (testInfo.project.name === "mobile") {
      expect(Math.round(box.y + box.height)).toBe(viewport.height);
      expect(Math.round(box.width)).toBe(viewport.width);
    } else {
      expect(box.y + box.height).toBeLessThan(viewport.height);
      expect(box.width).toBeLessThan(viewport.width / 2);
    }
  }

  test("a product card's quick add opens the sizes and adds the one chosen", async ({ page }, testInfo) => {
    const problems = watchConsole(page);
    await open(page, "/c/kleding");
    const card = page
      .locator(".product-card")
      .filter({ has: page.locator(".product-card__quick-add") })
      .first();
    const name = ((await card.locator(".product-card__name").textContent()) ?? "").trim();
    await card.getByRole("button", { name: `${name} snel toevoegen` }).click();
    await expect(sheet(page)).toBeVisible();
    await expect(sheet(page)).toContainText(name);
    const sizes = sheet(page).getByRole("button", {
      name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} in maat`),
    });
    await expect(sizes.first()).toBeVisible();
    await expectSheetPlacement(page, testInfo);
    await expectAccessible(page);
    await screenshot(page, testInfo, "size-selector-quick-add", false);
    await sizes.first().click();
    await expect(sheet(page)).toBeHidden();
    await expect(cartCount(page, testInfo)).toHaveAttribute("data-cart-count", "1");
    expect(problems).toEqual([]);
  });

  test("on a phone the sticky buy bar offers the sizes when the size is still to choose", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(
      testInfo.project.name !== "mobile",
      "the bar is a phone's: beside the pictures the button stays in reach",
    );
    const problems = watchConsole(page);
    // One colour (chosen by itself), several sizes in stock: the size is all that is left.
    const products = await catalogProducts<Configurable>(request, "configurable");
    const product = products.find((p) => {
      const colors = p.configurable_options?.find((o) => o.attribute_code === "color")?.values ?? [];
      const stocked = (p.configurable_children ?? []).filter(
        (c) => c.status === 1 && c.stock?.is_in_stock && c.stock.qty > 5,
      );
      return colors.length <= 1 && stocked.length >= 2;
    });
    expect(product, "a one-colour configurable with sizes in stock").toBeTruthy();
    if (!product) return;
    await open(page, `/p/${product.sku}/${product.slug}`);
    await page
      .getByRole("region", { name: "Reviews" })
      .evaluate((node) => node.scrollIntoView({ block: "start" }));
    const bar = page.getByRole("region", { name: "Snel bestellen" });
    await bar.getByRole("button", { name: "Toevoegen aan winkelwagen" }).click();
    await expect(sheet(page)).toBeVisible();
    await expectSheetPlacement(page, testInfo);
    await expectAccessible(page);
    await screenshot(page, testInfo, "size-selector-sticky-bar", false);
    const stocked = product.configurable_children!.find(
      (c) => c.status === 1 && c.stock?.is_in_stock && c.stock.qty > 5,
    )!;
    const label = product
      .configurable_options!.find((o) => o.attribute_code === "size")!
      .values.find((v) => v.value_index === stocked.size)!.label;
    await sheet(page)
      .getByRole("button", { name: new RegExp(`^${label}( |$)`) })
      .click();
    await expect(sheet(page)).toBeHidden();
    await expect(cartCount(page, testInfo)).toHaveAttribute("data-cart-count", "1");
    expect(problems).toEqual([]);
  });
});
