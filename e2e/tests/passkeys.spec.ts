import { expect, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectAccessible, open, screenshot, virtualAuthenticator, watchConsole } from "./support";

/**
 * Passkeys (issue 12, beyond the spec) in Chromium with a virtual authenticator (a platform
 * authenticator that verifies its user): add one on /my-account/details, log out, log in with it,
 * remove it. Browsers refuse an IP address as relying party: the suite's shop is at
 * http://localhost:{port} (playwright.config.ts), its PUBLIC_URL.
 */

const PASSWORD = "Kaasschaaf-Fietsbel-87";

function uniqueEmail(testInfo: TestInfo, name: string) {
  return `${name}.${testInfo.project.name}.${Date.now().toString(36)}${testInfo.repeatEachIndex}@example.nl`;
}

/** Closes the notices, so a screenshot shows the page under them. */
async function dismissNotices(page: Page) {
  const notices = page.getByRole("region", { name: "Meldingen" }).getByRole("button", { name: "Sluiten" });
  // A notice may go by itself meanwhile: then there is nothing left to click.
  while ((await notices.count()) > 0)
    await notices
      .first()
      .click({ timeout: 2000 })
      .catch(() => {});
}

test("a customer adds a passkey, logs in with it and removes it", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const authenticator = await virtualAuthenticator(context, page);
  const email = uniqueEmail(testInfo, "passkey");
  const created = await request.post("/api/ext/tritonx/create", {
    data: { customer: { email, firstname: "Noor", lastname: "Visser" }, password: PASSWORD },
  });
  expect(created.status()).toBe(200);

  await open(page, "/login?redirect=%2Fmy-account%2Fdetails");
  const form = page.getByRole("form", { name: "Inloggen" });
  await form.getByLabel("E-mailadres").fill(email);
  await form.getByLabel("Wachtwoord").fill(PASSWORD);
  await form.getByRole("button", { name: "Inloggen" }).click();
  await expect(page).toHaveURL(/\/my-account\/details$/);

  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText("Je hebt nog geen passkeys")).toBeVisible();
  await section.getByRole("button", { name: "Passkey toevoegen" }).click();
  await expect(page.getByText("De passkey is toegevoegd")).toBeVisible();
  const item = section.getByTestId("passkey");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(/Passkey op Chrome \(\w+\), \d{2}-\d{2}-\d{4}/);
  await expect(item).toContainText("Nog niet gebruikt");
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectAccessible(page);
  await dismissNotices(page);
  await screenshot(page, testInfo, "passkeys-details");

  // Log out, then in again with the passkey alone.
  await page
    .getByRole("navigation", { name: "Mijn account" })
    .getByRole("button", { name: "Uitloggen" })
    .click();
  await expect(page.getByText("Je bent uitgelogd")).toBeVisible();
  await open(page, "/login");
  const passkeyButton = page.getByRole("button", { name: "Inloggen met een passkey" });
  await expect(passkeyButton).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "passkeys-login");
  await passkeyButton.click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole("heading", { name: "Hallo Noor" })).toBeVisible();
  await expect(page.getByText("Je bent ingelogd")).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("etalage-account") ?? "{}"));
  expect(stored.user.email).toBe(email);
  expect(stored.refreshToken).toEqual(expect.any(String));

  // Remove it, after confirming.
  await page.getByRole("link", { name: "Mijn gegevens" }).first().click();
  await expect(item).toContainText("Laatst gebruikt op");
  await item.getByRole("button", { name: /verwijderen$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Passkey verwijderen" });
  await expect(dialog).toContainText("Je kunt er daarna niet meer mee inloggen");
  await expectAccessible(page);
  await screenshot(page, testInfo, "passkeys-remove");
  await dialog.getByRole("button", { name: "Passkey verwijderen" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("De passkey is verwijderd")).toBeVisible();
  await expect(section.getByText("Je hebt nog geen passkeys")).toBeVisible();

  // The device still offers it, but the shop no longer knows it: said in Dutch.
  await page
    .getByRole("navigation", { name: "Mijn account" })
    .getByRole("button", { name: "Uitloggen" })
    .click();
  await open(page, "/login");
  await page.getByRole("button", { name: "Inloggen met een passkey" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "passkey" })).toHaveText(
    "We kennen deze passkey niet. Log in met je wachtwoord en voeg hem opnieuw toe.",
  );
  await expect(page).toHaveURL(/\/login$/);
  expect(problems.filter((p) => !p.includes("status of 401"))).toEqual([]);
});

test("the login modal offers a passkey and says in Dutch when none is used", async ({
  page,
  context,
}, testInfo) => {
  await virtualAuthenticator(context, page);
  // A refused session opens the authentication modal (transactional §4 "Token lock").
  await page.addInitScript(() => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    const expires = Math.floor(Date.now() / 1000) + 3600;
    localStorage.setItem(
      "etalage-account",
      JSON.stringify({ token: "ingetrokken", refreshToken: "al-gebruikt", expires, user: null }),
    );
  });
  await open(page, "/");
  const modal = page.getByRole("dialog", { name: "Account" });
  await modal.getByRole("button", { name: "Heb je al een account? Inloggen" }).click();
  const button = modal.getByRole("button", { name: "Inloggen met een passkey" });
  await expect(button).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "passkeys-modal");
  // This authenticator holds no passkey for the shop: the browser gives up, the shop explains.
  await button.click();
  await expect(modal.getByRole("alert")).toHaveText(
    "De passkey is geannuleerd of duurde te lang. Probeer het opnieuw.",
  );
  await expect(modal).toBeVisible();
});

// On an IP address (PUBLIC_URL unset; with it set, the shop sends the browser to its name first) the
// ceremony is refused with the reason: server/test/passkeys.test.ts and passkey-problem.test.ts.
