import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { E2E_ADMIN_TOKEN, E2E_GTM_ID } from "../playwright.config.ts";
import { test } from "./fixtures.ts";
import { catalogProducts, expectAccessible, open, screenshot, watchConsole } from "./support.ts";

/*
 * Issue 15: the cookie banner (nothing tracks before consent), the newsletter modal once, the
 * footer form's states, the mailed confirmation giving the 10 % code, and the GA4 data layer.
 * These specs start as a first-time visitor, without the answers the other specs start with.
 */
test.use({ storageState: { cookies: [], origins: [] } });
// Whole journeys on a busy two-core machine: more than the suite's 30 s default.
test.describe.configure({ timeout: 90_000 });

const GTM = /^https:\/\/www\.googletagmanager\.com\//;
const GTM_STUB = "window.__gtmStubLoaded = true; document.cookie = '_ga=GA1.1.stub; path=/';";

/** Every request to Google's tag manager, answered by a local stub (no network here). */
async function stubTagManager(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route(GTM, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: "application/javascript", body: GTM_STUB });
  });
  return requests;
}

/** The data layer's entries as plain data (gtag's `arguments` become arrays). */
async function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry: unknown) =>
      Object.prototype.toString.call(entry) === "[object Arguments]"
        ? Array.from(entry as ArrayLike<unknown>)
        : JSON.parse(JSON.stringify(entry)),
    ),
  );
}

type Entry = { event?: string; ecommerce?: Record<string, unknown> | null };
const ecommerceEvents = (entries: unknown[]) =>
  (entries as Entry[]).filter((e) => e && typeof e === "object" && !Array.isArray(e) && e.ecommerce);

const consentDialog = (page: Page) => page.getByRole("dialog", { name: "Wij gebruiken cookies" });
const newsletterDialog = (page: Page) => page.getByRole("dialog", { name: "Nieuwsbrief" });

test.describe("cookie consent", () => {
  test("refuse all: no tag manager, no tracking cookie; the newsletter modal once, across navigations and reloads", async ({
    page,
    context,
  }, testInfo) => {
    const problems = watchConsole(page);
    const gtm = await stubTagManager(page);
    await open(page, "/");
    await expect(consentDialog(page)).toBeVisible();
    await expect(consentDialog(page).getByRole("button", { name: "Alles weigeren" })).toBeVisible();
    await expect(consentDialog(page).getByRole("button", { name: "Alles accepteren" })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "consent-banner");

    const before = await dataLayer(page);
    expect(before[0]).toEqual([
      "consent",
      "default",
      expect.objectContaining({ ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied" }),
    ]);

    await consentDialog(page).getByRole("button", { name: "Alles weigeren" }).click();
    await expect(consentDialog(page)).toBeHidden();
    // The newsletter modal comes once the banner is answered, never on top of it.
    await expect(newsletterDialog(page)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "newsletter-modal");
    await newsletterDialog(page).getByRole("button", { name: "Nee, bedankt" }).click();
    await expect(newsletterDialog(page)).toBeHidden();

    await open(page, "/c/kleding");
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(consentDialog(page)).toBeHidden();
    await expect(newsletterDialog(page)).toBeHidden();

    expect(gtm).toEqual([]);
    expect((await context.cookies()).filter((c) => c.name.startsWith("_ga"))).toEqual([]);
    expect(await page.evaluate(() => "__gtmStubLoaded" in window)).toBe(false);
    expect(problems.filter((p) => !p.includes("GTM_ID"))).toEqual([]);
  });

  test("accept all: Consent Mode is updated to granted and the tag manager loads, once", async ({ page }) => {
    const gtm = await stubTagManager(page);
    await open(page, "/");
    await consentDialog(page).getByRole("button", { name: "Alles accepteren" }).click();
    await expect.poll(() => gtm.length).toBe(1);
    expect(gtm[0]).toBe(`https://www.googletagmanager.com/gtm.js?id=${E2E_GTM_ID}`);
    await expect.poll(() => page.evaluate(() => "__gtmStubLoaded" in window)).toBe(true);
    const entries = await dataLayer(page);
    const update = entries.find(
      (e) => Array.isArray(e) && e[0] === "consent" && e[1] === "update",
    ) as unknown[];
    expect(update[2]).toMatchObject({ analytics_storage: "granted", ad_storage: "granted" });
    await newsletterDialog(page).getByRole("button", { name: "Nee, bedankt" }).click();

    // The choice holds on the next page: the update comes again, straight from storage.
    await open(page, "/c/kleding");
    await expect(consentDialog(page)).toBeHidden();
    await expect.poll(() => gtm.length).toBe(2);
  });

  test("the footer's cookie settings change the choice per purpose", async ({ page }, testInfo) => {
    await stubTagManager(page);
    await open(page, "/");
    await consentDialog(page).getByRole("button", { name: "Alles weigeren" }).click();
    await newsletterDialog(page).getByRole("button", { name: "Nee, bedankt" }).click();
    await page.getByRole("button", { name: "Cookie-instellingen" }).click();
    await expect(consentDialog(page)).toBeVisible();
    await consentDialog(page)
      .getByRole("checkbox", { name: /Analytisch/ })
      .check();
    await screenshot(page, testInfo, "consent-settings");
    await consentDialog(page).getByRole("button", { name: "Mijn keuze opslaan" }).click();
    await expect(consentDialog(page)).toBeHidden();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("etalage-consent") ?? "null"));
    expect(stored).toMatchObject({ analytics: true, marketing: false, version: 1 });
  });
});

async function outbox(request: APIRequestContext, to: string) {
  const response = await request.get(`/api/admin/newsletter/outbox?to=${encodeURIComponent(to)}`, {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { text: string; kind: string }[] }).result;
}

test.describe("newsletter", () => {
  test("footer form: invalid address, then subscribing, success for 3 s, and the mailed link gives the code", async ({
    page,
    request,
  }, testInfo) => {
    await stubTagManager(page);
    await open(page, "/");
    await consentDialog(page).getByRole("button", { name: "Alles weigeren" }).click();
    await newsletterDialog(page).getByRole("button", { name: "Nee, bedankt" }).click();

    const footer = page.locator("footer");
    const email = footer.getByLabel("E-mailadres");
    await email.fill("geen-adres");
    await footer.getByRole("button", { name: "Inschrijven" }).click();
    await expect(footer.getByRole("alert")).toHaveText("Vul een geldig e-mailadres in");

    const address = `e2e.${testInfo.project.name}.${Date.now()}@example.nl`;
    await email.fill(address);
    await footer.getByRole("button", { name: "Inschrijven" }).click();
    const form = footer.locator(".newsletter");
    await expect(form).toHaveAttribute("data-state", "success");
    // Double opt-in (issue 23, item 16): the mail must be confirmed first, and it is said once.
    await expect(footer.getByRole("status")).toHaveText(
      `Bijna klaar: bevestig je inschrijving met de link die we naar ${address} hebben gestuurd.`,
    );
    await expect(page.locator(".toasts").getByText("Bevestig je inschrijving via de mail")).toBeVisible();
    await expect(page.getByText("Je bent ingeschreven")).toHaveCount(0);
    await screenshot(page, testInfo, "newsletter-footer-success");
    // 3 s of feedback, then 0.5 s later the form is idle again.
    await expect(form).toHaveAttribute("data-state", "idle", { timeout: 6_000 });

    await footer.getByLabel("E-mailadres").fill(address);
    await footer.getByRole("button", { name: "Inschrijven" }).click();
    await expect(form).toHaveAttribute("data-state", "success");

    const [confirmation] = await outbox(request, address);
    const link = /http\S+\/nieuwsbrief\/bevestigen\?token=\S+/.exec(confirmation!.text)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    await open(page, url.pathname + url.search);
    await page.getByRole("button", { name: "Inschrijving bevestigen" }).click();
    const code = page.getByTestId("newsletter-code");
    await expect(code).toHaveText(/^WELKOM-[A-Z2-9]{8}$/);
    await expectAccessible(page);
    await screenshot(page, testInfo, "newsletter-confirmed");

    // Signed up now: the form says so.
    await footer.getByLabel("E-mailadres").fill(address.toUpperCase());
    await footer.getByRole("button", { name: "Inschrijven" }).click();
    await expect(form).toHaveAttribute("data-state", "already-subscribed");
    await expect(footer.getByRole("status")).toContainText("Je bent al ingeschreven voor onze nieuwsbrief!");
  });
});

interface Product {
  sku: string;
  name: string;
  slug: string;
  stock?: { is_in_stock: boolean };
}

test.describe("data layer", () => {
  test("a shopping journey pushes GA4's events in order with GA4's parameters", async ({ page, request }) => {
    await stubTagManager(page);
    await open(page, "/c/kleding");
    await consentDialog(page).getByRole("button", { name: "Alles accepteren" }).click();
    await newsletterDialog(page).getByRole("button", { name: "Nee, bedankt" }).click();

    let events = ecommerceEvents(await dataLayer(page));
    expect(events.map((e) => e.event)).toEqual(["view_item_list"]);
    const list = events[0]!.ecommerce as { item_list_id: string; items: Record<string, unknown>[] };
    expect(list.item_list_id).toMatch(/^category-\d+$/);
    expect(list.items[0]).toMatchObject({
      item_id: expect.any(String),
      item_name: expect.any(String),
      index: 0,
    });
    expect(typeof list.items[0]!.price).toBe("number");

    const card = page.locator(".product-card a[href]").first();
    const href = await card.getAttribute("href");
    await card.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect
      .poll(async () => ecommerceEvents(await dataLayer(page)).map((e) => e.event))
      .toEqual(["view_item_list", "select_item", "view_item"]);

    const simple = (await catalogProducts<Product>(request, "simple")).find(
      (p) => p.stock?.is_in_stock !== false,
    );
    await open(page, `/p/${simple!.sku}/${simple!.slug}`);
    await page.getByRole("button", { name: "In winkelwagen" }).click();
    await expect
      .poll(async () => ecommerceEvents(await dataLayer(page)).map((e) => e.event))
      .toEqual(["view_item", "add_to_cart"]);
    events = ecommerceEvents(await dataLayer(page));
    const add = events[1]!.ecommerce as { currency: string; value: number; items: Record<string, unknown>[] };
    expect(add.currency).toBe("EUR");
    expect(add.items[0]).toMatchObject({ item_id: simple!.sku, item_name: simple!.name, quantity: 1 });
    expect(add.value).toBe(add.items[0]!.price);

    // Each event is preceded by the ecommerce reset GTM needs.
    const all = (await dataLayer(page)) as Entry[];
    const at = all.findIndex((e) => (e as Entry)?.event === "add_to_cart");
    expect(all[at - 1]).toEqual({ ecommerce: null });

    await page
      .getByRole("button", { name: /^Winkelwagen/ })
      .filter({ visible: true })
      .first()
      .click();
    await expect
      .poll(async () => ecommerceEvents(await dataLayer(page)).map((e) => e.event))
      .toEqual(["view_item", "add_to_cart", "view_cart"]);
  });
});
