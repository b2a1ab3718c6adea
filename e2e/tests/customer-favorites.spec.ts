import { expect, type Page } from "@playwright/test";
import { ANSWERED_VISITOR } from "../playwright.config.ts";
import { test } from "./fixtures.ts";
import { expectAccessible, screenshot, untilHydrated, watchConsole } from "./support.ts";

/**
 * Issue 16: a customer's favourites live with the account. A heart set as a guest joins the
 * account at login, shows on /my-account/favorites, and is there in another browser too.
 */
const PASSWORD = "Kaasschaaf-Fietsbel-87";
const PRODUCT = "/slim-fit-overhemd-twill-ovh1000/";

async function logIn(page: Page, email: string) {
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "Inloggen" });
  await form.getByLabel("E-mailadres").fill(email);
  await form.getByLabel("Wachtwoord").fill(PASSWORD);
  await form.getByRole("button", { name: "Inloggen" }).click();
  await expect(page).toHaveURL(/\/my-account$/);
}

test("a guest's favourite joins the account at login and follows the customer to another browser", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const email = `hart.${testInfo.project.name}.${Date.now().toString(36)}${testInfo.repeatEachIndex}@example.nl`;
  const created = await request.post("/api/ext/tritonx/create", {
    data: { customer: { email, firstname: "Fien", lastname: "de Hart" }, password: PASSWORD },
  });
  expect(created.ok()).toBe(true);

  await page.goto(PRODUCT);
  // A heart tapped before hydration does nothing (CI's failure of 2026-11-29).
  await untilHydrated(page);
  await page
    .locator(".product__info")
    .getByRole("button", { name: /toevoegen aan favorieten/ })
    .click();
  await expect(
    page.locator(".product__info").getByRole("button", { name: /verwijderen uit favorieten/ }),
  ).toHaveAttribute("aria-pressed", "true");

  const merged = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/api/ext/tritonx/favorites"),
  );
  await logIn(page, email);
  expect((await (await merged).json()).result).toEqual(["OVH1000"]);

  await page
    .getByRole("navigation", { name: "Mijn account" })
    .getByRole("link", { name: "Mijn favorieten" })
    .click();
  await expect(page).toHaveURL(/\/my-account\/favorites$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mijn favorieten" })).toBeVisible();
  await expect(page.getByText("Je favorieten worden bij je account bewaard.")).toBeVisible();
  await expect(page.getByRole("article").getByRole("heading")).toHaveText("Slim fit overhemd twill");
  await expectAccessible(page);
  await screenshot(page, testInfo, "account-favorites");
  expect(problems).toEqual([]);

  // Another browser, no favourites of its own: the account's arrive at login.
  const other = await browser.newContext({
    baseURL: baseURL!,
    storageState: ANSWERED_VISITOR,
    viewport: page.viewportSize(),
  });
  const second = await other.newPage();
  await logIn(second, email);
  await second.goto("/my-account/favorites");
  await expect(second.getByRole("article").getByRole("heading")).toHaveText("Slim fit overhemd twill");
  // A heart taken off there leaves the account too.
  await second
    .getByRole("article")
    .getByRole("button", { name: /verwijderen uit favorieten/ })
    .click();
  await expect(second.getByTestId("favorites-empty")).toBeVisible();
  const token = await second.evaluate(
    () => JSON.parse(localStorage.getItem("etalage-account") ?? "{}").token,
  );
  await expect
    .poll(async () => (await (await request.get(`/api/ext/tritonx/favorites?token=${token}`)).json()).result)
    .toEqual([]);
  await other.close();
});

test("a heart whose add-favorite was lost still shows on the favourites page", async ({ page }) => {
  // The tap's notification dies on the way (the shopper left at once, the network dropped it):
  // the favourites page tells the recommendation service again instead of showing nothing.
  let dropping = true;
  let dropped = 0;
  let told = 0;
  await page.route(/\/notifications\/add-favorite/, (route) => {
    if (dropping) {
      dropped++;
      return route.abort("internetdisconnected");
    }
    told++;
    return route.continue();
  });
  await page.goto(PRODUCT);
  await page
    .locator(".product__info")
    .getByRole("button", { name: /toevoegen aan favorieten/ })
    .click();
  await expect(
    page.locator(".product__info").getByRole("button", { name: /verwijderen uit favorieten/ }),
  ).toHaveAttribute("aria-pressed", "true");
  // The client sends it with keepalive and tries once more: both are lost.
  await expect.poll(() => dropped).toBe(2);

  dropping = false;
  await page.goto("/favorieten");
  await expect(page.getByRole("article").getByRole("heading")).toHaveText("Slim fit overhemd twill");
  expect(told).toBe(1);
});
