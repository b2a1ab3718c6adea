import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { ADMIN, signInStaff, staffMember } from "./staff.ts";
import { expectAccessible, open, screenshot, stockedSimples, watchConsole } from "./support.ts";

/**
 * Returns (issue 25 item 3): a guest returns an item of a delivered order from the order page at
 * 390 px, prints the label and finds the mail; staff at 1280 px receive the parcel and refund it.
 */

const address = {
  firstname: "Sanne",
  lastname: "Visser",
  street: ["Lange Nieuwstraat 8"],
  postcode: "3512 PH",
  city: "Utrecht",
  country_id: "NL",
  telephone: "0612345678",
};

/** A guest order of one product, placed through the API: its number and token. */
async function placeOrder(
  request: APIRequestContext,
  sku: string,
  method: "cashondelivery" | "ideal",
  email: string,
) {
  const cart = "/api/ext/tritonx/cart";
  const id = (await (await request.post(`${cart}/create`, { data: {} })).json()).result as string;
  expect(
    (
      await request.post(`${cart}/update?cartId=${id}`, { data: { cartItem: { sku, qty: 2, quoteId: id } } })
    ).ok(),
  ).toBe(true);
  const placed = await request.post("/api/order", {
    headers: { "idempotency-key": randomUUID() },
    data: {
      order_id: randomUUID(),
      cart_id: id,
      addressInformation: {
        shippingAddress: address,
        billingAddress: address,
        shipping_carrier_code: "postnl",
        shipping_method_code: "standard",
        payment_method_code: method,
      },
      personalDetails: { email },
    },
  });
  const body = await placed.json();
  expect(placed.status(), JSON.stringify(body)).toBe(200);
  return body.result as { orderNumber: string; orderToken: string; payment?: { action: { url: string } } };
}

/** Pays an iDEAL order at the built-in gateway's test bank and waits for its notification. */
async function pay(
  request: APIRequestContext,
  order: { orderNumber: string; orderToken: string; payment?: { action: { url: string } } },
) {
  const hop = async (url: string) => {
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status()).toBe(303);
    return new URL(res.headers().location!, "http://shop.invalid");
  };
  const hosted = await hop(order.payment!.action.url);
  const bank = await hop(hosted.pathname + hosted.search);
  const paid = await request.post(bank.pathname, { form: { outcome: "success" }, maxRedirects: 0 });
  expect(paid.status()).toBeLessThan(400);
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(
              `/api/ext/adyen/payment-status/${order.orderNumber}?token=${encodeURIComponent(order.orderToken)}`,
            )
          ).json()
        ).result.paid,
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Ships and delivers the order through the admin API, as the warehouse and the carrier would. */
async function deliverOrder(request: APIRequestContext, orderNumber: string) {
  for (const [step, data] of [
    ["ship", { carrier: "postnl", trackingNumber: "3SRETOUR12345" }],
    ["deliver", {}],
  ] as const) {
    const res = await request.post(`/api/admin/orders/${orderNumber}/${step}`, {
      headers: { ...ADMIN, "idempotency-key": randomUUID() },
      data,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** A product of the demo below € 100, so one unit stays within klantenservice's refund limit. */
async function product(request: APIRequestContext, offset: number) {
  const simples = (await stockedSimples(request)).filter((p) => (p.final_price_incl_tax ?? 0) < 100);
  return simples[(simples.length - 1 - offset) % simples.length]!;
}

test.describe("returns (issue 25)", () => {
  test("a guest returns an item from the order page, prints the label and gets the mail", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "mobile", "the shopper's return is a phone journey");
    test.setTimeout(90_000);
    // The phone's rotating selling points fade for half a second every 5: axe must not judge a
    // point mid-fade, so the fade takes no time here.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const problems = watchConsole(page);
    const email = `retour-${randomUUID()}@example.nl`;
    const item = await product(request, 3);
    const order = await placeOrder(request, item.sku, "cashondelivery", email);
    await deliverOrder(request, order.orderNumber);

    await open(page, `/bestelling/${order.orderNumber}?token=${encodeURIComponent(order.orderToken)}`);
    await page.getByRole("button", { name: "Retourneren" }).click();
    const form = page.getByRole("region", { name: "Retourneren" });
    await expect(form.getByRole("heading", { name: "Retourneren" })).toBeFocused();
    await expect(form).toContainText("Je kunt retourneren tot en met");
    const line = form.getByRole("group", { name: item.name });
    await line.getByLabel("Aantal").selectOption("1");
    await form.getByRole("button", { name: "Retour aanmelden" }).click();
    await expect(form.getByRole("alert")).toHaveText("Kies een reden voor elk artikel dat je retourneert");
    await expect(form.getByRole("alert")).toBeFocused();
    await line.getByLabel("Reden").selectOption({ label: "Te klein" });
    await expectAccessible(page);
    await screenshot(page, testInfo, "return-form");
    await form.getByRole("button", { name: "Retour aanmelden" }).click();

    const done = page.getByTestId("return-made");
    await expect(done).toBeFocused();
    const number = `R${order.orderNumber}-1`;
    await expect(page.getByTestId("return-number")).toHaveText(number);
    await expect(form.getByRole("listitem").filter({ hasText: number })).toContainText("Aangemeld");
    await expectAccessible(page);
    await screenshot(page, testInfo, "return-made");

    const label = await done.getByRole("link", { name: "Retourlabel printen" }).getAttribute("href");
    expect(label).toBe(`/retour/${number}?token=${encodeURIComponent(order.orderToken)}`);
    await open(page, label!);
    await expect(page.getByRole("heading", { level: 1, name: "Retourlabel" })).toBeVisible();
    await expect(page.getByRole("img", { name: `Streepjescode van retour ${number}` })).toBeVisible();
    await expect(page.getByTestId("label-number")).toHaveText(number);
    await expect(page.getByRole("region", { name: "Aan" })).toContainText("Etalage B.V. Retouren");
    await expect(page.getByRole("region", { name: "Van" })).toContainText("Sanne Visser");
    await expect(page.getByRole("region", { name: "In dit pakket" })).toContainText(`1 × ${item.name}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectAccessible(page);
    await screenshot(page, testInfo, "return-label");
    // Printed, the label keeps its barcode and addresses and leaves the footer and the button out.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Printen" })).toBeHidden();
    await expect(page.getByRole("img", { name: `Streepjescode van retour ${number}` })).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    // The mail, in the built-in mailbox (npm run mail), links the same label.
    let mailId = 0;
    await expect
      .poll(
        async () => {
          const list = await request.get(`/api/admin/mailbox?to=${encodeURIComponent(email)}`, {
            headers: ADMIN,
          });
          const found = ((await list.json()).result as { id: number; subject: string }[]).find(
            (m) => m.subject === `Je retour ${number} is aangemeld`,
          );
          mailId = found?.id ?? 0;
          return mailId;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const mail = (await (await request.get(`/api/admin/mailbox/${mailId}`, { headers: ADMIN })).json())
      .result;
    expect(mail.text).toContain(`/retour/${number}?token=`);
    expect(mail.text).toContain(`1 × ${item.name} (Te klein)`);
    expect(problems).toEqual([]);
  });

  test("staff receive the parcel and refund the return in the back office", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the back office is a desktop tool");
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const item = await product(request, 5);
    const order = await placeOrder(request, item.sku, "ideal", `retour-${randomUUID()}@example.nl`);
    await pay(request, order);
    await deliverOrder(request, order.orderNumber);
    const returnable = (
      await (
        await request.get(
          `/api/returns/orders/${order.orderNumber}?token=${encodeURIComponent(order.orderToken)}`,
        )
      ).json()
    ).result;
    const asked = await request.post(`/api/returns/orders/${order.orderNumber}`, {
      headers: { "idempotency-key": randomUUID() },
      data: { token: order.orderToken, lines: [{ id: returnable.lines[0].id, qty: 2, reason: "too_big" }] },
    });
    expect(asked.status()).toBe(200);
    const number = (await asked.json()).result.number as string;

    // The label at 1280 px, as a guest opens it from the mail.
    await open(page, `/retour/${number}?token=${encodeURIComponent(order.orderToken)}`);
    await expect(page.getByRole("img", { name: `Streepjescode van retour ${number}` })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "return-label");

    await signInStaff(page, await staffMember(request, "klantenservice"));
    const nav = page.getByRole("navigation", { name: "Navigatie beheer" });
    await nav.getByRole("link", { name: "Retouren" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Retouren" })).toBeFocused();
    await page.getByLabel("Status").selectOption({ label: "Aangemeld" });
    await page.getByRole("button", { name: "Tonen" }).click();
    await expect(page).toHaveURL(/status=requested/);
    const row = page.getByTestId("return-row").filter({ hasText: number });
    await expect(row).toContainText("Aangemeld");
    await expectAccessible(page);
    await screenshot(page, testInfo, "beheer-retouren");

    await row.getByRole("link", { name: number }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Retour ${number}` })).toBeFocused();
    await expectAccessible(page);
    const parcel = page.getByRole("form", { name: "Pakket vastleggen" });
    await parcel.getByLabel("Aantal ontvangen").selectOption("1");
    await parcel.getByLabel("Staat").selectOption({ label: "Als nieuw" });
    await screenshot(page, testInfo, "beheer-retour");
    await parcel.getByRole("button", { name: "Als ontvangen vastleggen" }).click();
    await expect(page.getByRole("status")).toHaveText("Het pakket is als ontvangen vastgelegd.");
    await expect(page.getByTestId("return-status")).toHaveText("Ontvangen");
    await expect(page.getByRole("row").filter({ hasText: item.name })).toContainText("terug op voorraad");

    await page.getByRole("button", { name: "Ontvangen artikelen terugbetalen" }).click();
    await expect(page.getByRole("status")).toContainText("De terugbetaling is gevraagd.");
    // Refunding until the notification comes; the built-in gateway may have sent it already.
    await expect(page.getByTestId("return-status")).toHaveText(/^(Wordt terugbetaald|Terugbetaald)$/);
    await expectAccessible(page);
    // The gateway's REFUND notification settles it: the page shows it once asked again.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId("return-status").textContent();
        },
        { timeout: 30_000 },
      )
      .toBe("Terugbetaald");
    await expect(page.getByTestId("return-refund")).toContainText("Terugbetaald");
    await expectAccessible(page);
    await screenshot(page, testInfo, "beheer-retour-refunded");

    // The order list finds the order among those with a return; its page lists the return.
    await page.goto(`/beheer/bestellingen?zoek=${order.orderNumber}&retour=true`);
    await expect(page.getByTestId("order-count")).toHaveText("1 bestelling, pagina 1 van 1");
    await expect(page.getByLabel("Retour")).toHaveValue("true");
    await page.getByTestId("order-list").getByRole("link", { name: order.orderNumber }).click();
    const ofOrder = page.getByTestId("order-return");
    await expect(ofOrder).toHaveCount(1);
    await expect(ofOrder).toContainText("Terugbetaald");
    await expectAccessible(page);
    await ofOrder.getByRole("link", { name: number }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Retour ${number}` })).toBeFocused();
    const expected = /status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/beheer\/(session|login)\)$/;
    expect(problems.filter((p) => !expected.test(p))).toEqual([]);
  });
});
