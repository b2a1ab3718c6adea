import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { signInStaff, staffMember } from "./staff.ts";
import { expectAccessible, screenshot, stockedSimples, watchConsole } from "./support.ts";

/**
 * Webhooks in the back office (issue 25 item 4): a beheerder adds an endpoint for order.placed,
 * copies its secret (shown once), sees the delivery of an order placed meanwhile fail at the
 * port it points at (which fetch refuses), and removes the endpoint again.
 */

const address = {
  firstname: "Bram",
  lastname: "Jansen",
  street: ["Vismarkt 3"],
  postcode: "3511 AB",
  city: "Utrecht",
  country_id: "NL",
  telephone: "0612345678",
};

/** A guest's cash-on-delivery order of one product, placed through the API: its number. */
async function placeOrder(request: APIRequestContext, sku: string): Promise<string> {
  const cart = "/api/ext/tritonx/cart";
  const id = (await (await request.post(`${cart}/create`, { data: {} })).json()).result as string;
  const added = await request.post(`${cart}/update?cartId=${id}`, {
    data: { cartItem: { sku, qty: 1, quoteId: id } },
  });
  expect(added.ok()).toBe(true);
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
        payment_method_code: "cashondelivery",
      },
      personalDetails: { email: `webhook-${randomUUID()}@example.nl` },
    },
  });
  const body = await placed.json();
  expect(placed.status(), JSON.stringify(body)).toBe(200);
  return body.result.orderNumber as string;
}

test.describe("back office: webhooks (issue 25 item 4)", () => {
  test("a beheerder adds an endpoint, sees its secret once and the failed delivery of a new order, and removes it", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const problems = watchConsole(page);
    const url = `http://127.0.0.1:9/hook-${randomUUID()}`;
    const simples = await stockedSimples(request);
    const product = simples[Math.floor(Math.random() * simples.length)]!;

    await signInStaff(page, await staffMember(request, "beheerder"));
    await page
      .getByRole("navigation", { name: "Navigatie beheer" })
      .getByRole("link", { name: "Webhooks" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeFocused();

    // Add an endpoint for new orders only; the shop makes the secret.
    const form = page.getByRole("form", { name: "Endpoint toevoegen" });
    await form.getByLabel("URL").fill(url);
    await form.getByLabel("Omschrijving (optioneel)").fill("Magazijn");
    await form.getByRole("checkbox", { name: "order.placed" }).check();
    await form.getByRole("button", { name: "Endpoint toevoegen" }).click();
    const done = page.getByRole("status").filter({ hasText: "Het endpoint is toegevoegd." });
    await expect(done).toBeFocused();
    await expect(
      page.getByText("Kopieer het ondertekeningsgeheim nu: het wordt niet nog eens getoond."),
    ).toBeVisible();
    const secret = (await page.getByTestId("webhook-secret").textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: url });
    await expect(endpoint).toContainText("order.placed");
    await expect(endpoint).toContainText("Beheer");
    await expect(endpoint).toContainText(`whsec_…${secret.slice(-4)}`);
    await expect(form.getByLabel("URL")).toHaveValue("");
    await expectAccessible(page);
    await screenshot(page, testInfo, "back-office-webhooks");

    // An order placed now is sent there; fetch refuses port 9 outright, so the attempt fails.
    await placeOrder(request, product.sku);
    const delivery = page.getByTestId("webhook-delivery").filter({ hasText: url });
    await expect(async () => {
      await page.reload();
      await expect(delivery.first()).toContainText("fetch failed", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(delivery.first()).toContainText("order.placed");
    await expect(delivery.first().getByRole("cell").nth(3)).toHaveText(/^[1-9]\d*$/);
    // Shown once: after the reload the secret is gone from the page.
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);
    await expectAccessible(page);

    // Removed: its waiting delivery fails, and sending it again is refused with the reason.
    await endpoint.getByRole("button", { name: `Verwijderen ${url}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Het endpoint is verwijderd." })).toBeFocused();
    await expect(page.getByTestId("webhook-endpoint").filter({ hasText: url })).toHaveCount(0);
    await page.getByLabel("Status").selectOption({ label: "Mislukt" });
    await page.getByRole("button", { name: "Tonen" }).click();
    await expect(page).toHaveURL(/[?&]status=failed/);
    await expect(delivery.first()).toContainText("Mislukt");
    await delivery
      .first()
      .getByRole("button", { name: /^Opnieuw versturen/ })
      .click();
    const refused = page.getByRole("alert");
    await expect(refused).toHaveText("Het endpoint is verwijderd: voeg het eerst opnieuw toe");
    await expect(refused).toBeFocused();
    await expectAccessible(page);
    // The browser logs the session's 401 before the login and the refused retry's 409: no faults.
    const expected =
      /status of (401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/beheer\/session|409 \(Conflict\) \(http:\/\/[^/]+\/api\/beheer\/webhooks\/deliveries\/\d+\/retry)\)$/;
    expect(problems.filter((p) => !expected.test(p))).toEqual([]);
  });
});
