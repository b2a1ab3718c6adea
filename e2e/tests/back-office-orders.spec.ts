import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";
import { ADMIN, signInStaff, staffMember } from "./staff.ts";
import { expectAccessible, guestCartWith, screenshot, stockedSimples, watchConsole } from "./support.ts";

/**
 * Orders in the back office (issue 25): a guest buys two products and pays with iDEAL; a beheerder
 * signs in with the second factor, finds the order by its number, ships it with PostNL (the
 * guest gets "Je bestelling is onderweg" with the track-and-trace link), refunds one line and
 * sees the refund settle once the payment provider confirms it.
 */

/** The newest mail to `to` whose subject has `subject`, as the operator reads the built-in mailbox. */
async function mailTo(request: APIRequestContext, to: string, subject: string) {
  let id: number | undefined;
  await expect(async () => {
    const list = await request.get(`/api/admin/mailbox?to=${encodeURIComponent(to)}`, { headers: ADMIN });
    const mails = (await list.json()).result as { id: number; subject: string }[];
    id = mails.find((m) => m.subject.includes(subject))?.id;
    expect(id).toBeDefined();
  }).toPass();
  return (await (await request.get(`/api/admin/mailbox/${id}`, { headers: ADMIN })).json()).result as {
    subject: string;
    text: string;
  };
}

/** A guest's iDEAL order of the cart in the browser's cookie; its number. */
async function payAsGuest(page: Page, email: string): Promise<string> {
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Afrekenen", level: 1 })).toBeVisible();
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Voornaam").fill("Jan");
  await page.getByLabel("Achternaam").fill("de Vries");
  await page.getByLabel("Postcode").fill("3511 AB");
  await page.getByLabel("Huisnummer").fill("12");
  await page.getByLabel("Straat").fill("Oudegracht");
  await page.getByLabel("Plaats").fill("Utrecht");
  await page.getByLabel("iDEAL").check();
  await page.getByRole("button", { name: "Bestellen en betalen" }).click();
  await page.getByRole("button", { name: "Betalen (gelukt)" }).click();
  const number = page.getByText(/Je ordernummer is 1\d{8}\./);
  await expect(number).toBeVisible({ timeout: 15_000 });
  return /1\d{8}/.exec((await number.textContent())!)![0];
}

test.describe("back office: orders (issue 25)", () => {
  test("a beheerder finds a guest's order, ships it with PostNL, refunds a line and sees the refund settle", async ({
    page,
    request,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const simples = await stockedSimples(request);
    const first = Math.floor(Math.random() * (simples.length - 1));
    const [kept, returned] = [simples[first]!, simples[first + 1]!];
    const cartId = await guestCartWith(request, context, baseURL!, kept.sku);
    const added = await request.post(`/api/ext/tritonx/cart/update?cartId=${cartId}`, {
      data: { cartItem: { sku: returned.sku, qty: 1, quoteId: cartId } },
    });
    expect(added.ok()).toBe(true);
    const email = `koper-${randomUUID()}@example.nl`;
    const orderNumber = await payAsGuest(page, email);

    // The beheerder signs in with password and code, and opens the orders from the navigation.
    await signInStaff(page, await staffMember(request, "beheerder"));
    await page
      .getByRole("navigation", { name: "Navigatie beheer" })
      .getByRole("link", { name: "Bestellingen" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Bestellingen" })).toBeFocused();
    await expect(page.getByTestId("order-count")).toHaveText(/^\d+ bestelling(en)?, pagina 1 van \d+$/);
    await expectAccessible(page);

    // Search by the order number: the filters are the page's address.
    await page.getByLabel("Bestelnummer, e-mailadres, naam of postcode").fill(orderNumber);
    await page.getByRole("button", { name: "Zoeken" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]zoek=${orderNumber}`));
    await expect(page.getByTestId("order-count")).toHaveText("1 bestelling, pagina 1 van 1");
    const row = page.getByTestId("order-list").getByRole("row").filter({ hasText: orderNumber });
    await expect(row).toContainText("Jan de Vries");
    await expect(row).toContainText("in verwerking");
    await expect(row).toContainText("betaald");
    await expect(row).toContainText(/€ \d+,\d\d/);
    await screenshot(page, testInfo, "back-office-orders-list");
    await row.getByRole("link", { name: orderNumber }).click();

    // The order page: lines, payments with the PSP's reference, the confirmation mail, the timeline.
    await expect(page.getByRole("heading", { level: 1, name: `Bestelling ${orderNumber}` })).toBeFocused();
    await expect(page.getByTestId("order-lines")).toContainText(kept.name);
    await expect(page.getByTestId("order-lines")).toContainText(returned.name);
    await expect(page.getByTestId("order-totals")).toContainText("waarvan btw");
    await expect(
      page.getByTestId("mail").filter({ hasText: `Bedankt voor je bestelling ${orderNumber}` }),
    ).toBeVisible();
    await expect(page.getByTestId("timeline").getByRole("listitem")).toHaveText([/geplaatst/, /betaald/]);
    await expect(page.getByRole("form", { name: "Annuleren" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Bezorgd" })).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, testInfo, "back-office-order");

    // Ship everything with PostNL.
    const tracking = `3SETA${Date.now().toString().slice(-8)}`;
    const ship = page.getByRole("form", { name: "Verzenden" });
    await expect(ship.getByLabel("Vervoerder")).toHaveValue("postnl");
    await ship.getByLabel("Trackingnummer").fill(tracking);
    await ship.getByRole("button", { name: "Verzenden en klant mailen" }).click();
    const shipped = page.getByRole("status");
    await expect(shipped).toHaveText(
      `Verzonden met PostNL, trackingnummer ${tracking}. De klant heeft een e-mail gekregen.`,
    );
    await expect(shipped).toBeFocused();
    await expect(page.getByTestId("shipment").getByRole("link", { name: tracking })).toHaveAttribute(
      "href",
      `https://jouw.postnl.nl/track-and-trace/${tracking}-NL-3511AB`,
    );
    await expect(page.getByTestId("order-facts")).toContainText("verzonden");
    await expect(page.getByRole("form", { name: "Verzenden" })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Annuleren" })).toHaveCount(0);
    const mail = await mailTo(request, email, "is onderweg");
    expect(mail.subject).toBe(`Je bestelling ${orderNumber} is onderweg`);
    expect(mail.text).toContain(`https://jouw.postnl.nl/track-and-trace/${tracking}-NL-3511AB`);

    // Refund one line; it is in progress until the payment provider confirms, then refunded.
    const refund = page.getByRole("form", { name: "Terugbetalen" });
    await refund.getByLabel(returned.name).fill("1");
    await refund.getByRole("button", { name: "Gekozen stuks terugbetalen" }).click();
    await expect(page.getByRole("status")).toHaveText(
      /^Een terugbetaling van € \d+,\d\d is gevraagd aan de betaalprovider/,
    );
    await expect(page.getByRole("status")).toBeFocused();
    const refunded = page.getByTestId("refund").filter({ hasText: returned.name });
    await expect(refunded).toContainText(/in behandeling|terugbetaald/);
    await expect(async () => {
      const refresh = page.getByRole("button", { name: "Vernieuwen" });
      if (await refresh.isVisible()) await refresh.click();
      await expect(refunded).toContainText("terugbetaald", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Vernieuwen" })).toHaveCount(0);
    await expect(page.getByTestId("timeline")).toContainText("terugbetaling gevraagd");
    await expect(page.getByTestId("timeline")).toContainText("terugbetaald");
    await expectAccessible(page);

    // The page at a phone's width, for an engineer to look at.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, testInfo, "back-office-order-390");
    await page.goto(`/beheer/bestellingen?zoek=${orderNumber}`);
    await expect(page.getByTestId("order-count")).toHaveText("1 bestelling, pagina 1 van 1");
    await screenshot(page, testInfo, "back-office-orders-list-390");

    // "Who is signed in?" answers 401 before the login: the browser logs it, which is no fault.
    const expected = /status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/beheer\/session\)$/;
    expect(problems.filter((p) => !expected.test(p))).toEqual([]);
  });
});
