/**
 * Issue 13: an order's own billing address (a company and its VAT number) is stored and shown to
 * the operator, and a guest reads the order's status with its token only, over real HTTP: the
 * right token answers, a wrong, missing or another order's token answers 404 like an unknown
 * order, never cached, and an address that keeps guessing is stopped. The same for the status
 * page the confirmation mail links to (`/bestelling/{number}?token=`).
 */

import { randomUUID } from "node:crypto";
import { pageTitle } from "@etalage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartClient } from "./helpers/cart-fixtures.ts";
import { importOwnProducts } from "./helpers/own-products.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const TOKEN = "test-admin-token-order-billing-0123";
const STATUS_PER_MINUTE = 20;
const run = Math.floor(Math.random() * 90_000) + 10_000;
const sku = `T-BILL-${run}`;
let server: TestServer;

const shippingAddress = {
  firstname: "Jan",
  lastname: "de Vries",
  street: ["Oudegracht", "12"],
  postcode: "3511ab",
  city: "Utrecht",
  country_id: "NL",
};
const billingAddress = {
  firstname: "Jan",
  lastname: "de Vries",
  street: ["Keizersgracht", "100 A"],
  postcode: "1015cx",
  city: "Amsterdam",
  country_id: "NL",
  company: "Kleermakerij De Vries B.V.",
  vat_id: "nl 8206.46.660.b01",
};

async function cartWith(): Promise<string> {
  const cart = cartClient(server);
  const cartId = await cart.create();
  expect((await cart.update(cartId, { sku, qty: 1 })).status).toBe(200);
  return cartId;
}

async function place(billing: Record<string, unknown> = billingAddress) {
  const cartId = await cartWith();
  return fetch(`${server.url}/api/order`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({
      order_id: randomUUID(),
      cart_id: cartId,
      addressInformation: {
        shippingAddress,
        billingAddress: billing,
        shipping_carrier_code: "postnl",
        shipping_method_code: "standard",
        payment_method_code: "cashondelivery",
      },
      personalDetails: { email: `factuur-${randomUUID()}@example.nl` },
    }),
  });
}

async function placed(): Promise<{ orderNumber: string; orderToken: string }> {
  const res = await place();
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.result;
}

const status = (orderId: string, token?: string) =>
  server.get(
    `/api/ext/checkout/status?orderId=${orderId}${token === undefined ? "" : `&token=${encodeURIComponent(token)}`}`,
  );

beforeAll(async () => {
  server = await startTestServer({
    env: {
      ADMIN_TOKEN: TOKEN,
      ORDERS_PER_MINUTE: "10000",
      ORDER_STATUS_PER_MINUTE: String(STATUS_PER_MINUTE),
    },
  });
  await importOwnProducts(server, TOKEN, [
    { id: 9_700_000 + (run % 1000) * 10, sku, name: "Factuurproduct", qty: 50 },
  ]);
}, 120_000);
afterAll(() => server?.close());

describe("the billing address of an order", () => {
  it("is stored apart from the shipping address, with company and VAT number in normal form", async () => {
    const { orderNumber } = await placed();
    const res = await server.get(`/api/admin/orders/${orderNumber}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    const order = (await res.json()).result;
    expect(order.billing_address).toEqual({
      firstname: "Jan",
      lastname: "de Vries",
      street: ["Keizersgracht", "100 A"],
      postcode: "1015 CX",
      city: "Amsterdam",
      country_id: "NL",
      company: "Kleermakerij De Vries B.V.",
      vat_id: "NL820646660B01",
    });
    expect(order.shipping_address).toMatchObject({ city: "Utrecht", postcode: "3511 AB" });
    expect(order.shipping_address).not.toHaveProperty("company");
  });

  it("takes the Belgian and German VAT patterns and leaves out an empty company and VAT number", async () => {
    for (const vat_id of ["BE0123456789", "DE 123 456 789"])
      expect((await place({ ...billingAddress, vat_id })).status, vat_id).toBe(200);
    const res = await place({ ...billingAddress, company: "", vat_id: "" });
    const { orderNumber } = (await res.json()).result;
    const order = await server.services.orders.byNumber(orderNumber);
    expect(order?.billing_address).not.toHaveProperty("company");
    expect(order?.billing_address).not.toHaveProperty("vat_id");
  });

  it("takes the Magento address fields a Vue Storefront client sends and keeps only what the shop uses", async () => {
    const magento = {
      email: "jan@example.nl",
      region: null,
      region_id: 0,
      region_code: null,
      customer_address_id: 17,
      save_in_address_book: 1,
      middlename: "",
      prefix: null,
      suffix: null,
    };
    const res = await place({
      ...billingAddress,
      ...magento,
      region: { region: "Utrecht", region_code: "UT", region_id: 0 },
      telephone: "0612345678",
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const order = await server.services.orders.byNumber(body.result.orderNumber);
    expect(Object.keys(order!.billing_address).sort()).toEqual([
      "city",
      "company",
      "country_id",
      "firstname",
      "lastname",
      "postcode",
      "street",
      "telephone",
      "vat_id",
    ]);
    // The shipping address too (its `email` was the refusal the issue met), and null company/VAT.
    const shipping = await fetch(`${server.url}/api/order`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify({
        order_id: randomUUID(),
        cart_id: await cartWith(),
        addressInformation: {
          shippingAddress: { ...shippingAddress, ...magento, company: null, vat_id: null },
          billingAddress: { ...shippingAddress, ...magento },
          shipping_carrier_code: "postnl",
          shipping_method_code: "standard",
          payment_method_code: "cashondelivery",
        },
        personalDetails: { email: `magento-${randomUUID()}@example.nl` },
      }),
    });
    expect(shipping.status, await shipping.clone().text()).toBe(200);
    // Still strict: a field Magento's address does not have is refused, naming it.
    const unknown = await place({ ...billingAddress, favourite_colour: "blue" });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain("favourite_colour");
  });

  it("refuses a VAT number of no known pattern with a 400 naming the field, and places nothing", async () => {
    const before = (await server.services.orders.list(500)).length;
    for (const vat_id of ["NL123456789", "FR12345678901", "NL123456789B012"]) {
      const res = await place({ ...billingAddress, vat_id });
      expect(res.status, vat_id).toBe(400);
      const body = await res.json();
      expect(body.meta.errors[0].path).toBe("body.addressInformation.billingAddress.vat_id");
    }
    expect((await server.services.orders.list(500)).length).toBe(before);
  });
});

describe("a guest's order status", () => {
  it("answers the order's own token, never cached, and 404 to a wrong, missing or other order's token", async () => {
    const mine = await placed();
    const other = await placed();
    const right = await status(mine.orderNumber, mine.orderToken);
    expect(right.status).toBe(200);
    expect(right.headers.get("cache-control")).toBe("private, no-store");
    const order = (await right.json()).result;
    expect(order).toMatchObject({ increment_id: mine.orderNumber, status: "processing" });
    expect(order.billing_address.company).toBe("Kleermakerij De Vries B.V.");

    const unknown = await status("999999999", mine.orderToken);
    expect(unknown.status).toBe(404);
    const notFound = await unknown.json();
    for (const token of [`${mine.orderToken}x`, other.orderToken, "", undefined]) {
      const res = await status(mine.orderNumber, token);
      expect(res.status, String(token)).toBe(404);
      // The same answer as for an order that does not exist: the number alone tells nothing.
      expect(await res.json()).toEqual(notFound);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("refuses a malformed order number with a 400 naming the field", async () => {
    const res = await status("abc", "x");
    expect(res.status).toBe(400);
    expect((await res.json()).result).toMatch(/^querystring\.orderId/);
  });

  it("stops an address that keeps asking, with 429 and Retry-After", async () => {
    const { orderNumber } = await placed();
    let refused: Response | undefined;
    for (let i = 0; i <= STATUS_PER_MINUTE && !refused; i++) {
      const res = await status(orderNumber, `guess-${i}`);
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(404);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused!.json()).code).toBe(429);
  });
});

describe("the order status page", () => {
  it("shows the order with its token, private and never cached; not found without it", async () => {
    const { orderNumber, orderToken } = await placed();
    const page = await server.get(`/bestelling/${orderNumber}?token=${encodeURIComponent(orderToken)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-cache")).not.toBe("HIT");
    const html = await page.text();
    expect(html).toContain(`Bestelling ${orderNumber}`);
    // The shop's one title rule (core pageTitle), as every other page.
    expect(html).toContain(`<title>${pageTitle(`Bestelling ${orderNumber}`)}</title>`);
    expect(html).toContain("Kleermakerij De Vries B.V.");
    expect(html).toContain("Btw-nummer: NL820646660B01");
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
    for (const wrong of ["", "?token=raden", `?token=${encodeURIComponent((await placed()).orderToken)}`]) {
      const refused = await server.get(`/bestelling/${orderNumber}${wrong}`);
      expect(refused.status, wrong).toBe(404);
      expect(refused.headers.get("cache-control")).toBe("private, no-store");
      expect(await refused.text()).not.toContain("Kleermakerij");
    }
  });

  it("shows each parcel with its carrier and track-and-trace link once the order ships (issue 25)", async () => {
    const { orderNumber, orderToken } = await placed();
    const url = `/bestelling/${orderNumber}?token=${encodeURIComponent(orderToken)}`;
    expect(await (await server.get(url)).text()).not.toContain("Zendingen");
    const shipped = await server.post(
      `/api/admin/orders/${orderNumber}/ship`,
      { carrier: "postnl", trackingNumber: "3SETA1234567" },
      { headers: { authorization: `Bearer ${TOKEN}`, "idempotency-key": randomUUID() } },
    );
    expect(shipped.status).toBe(200);
    const html = await (await server.get(url)).text();
    expect(html).toContain("Zendingen");
    expect(html).toContain("Verzonden met PostNL");
    const link = (await shipped.json()).result.shipment.trackingUrl as string;
    expect(link).toMatch(/^https:\/\/jouw\.postnl\.nl\/track-and-trace\/3SETA1234567-NL-\w+$/);
    expect(html).toContain(`href="${link}"`);
  });

  it("stops an address that keeps guessing, in any spelling of the path", async () => {
    const { orderNumber } = await placed();
    const spellings = [
      `/bestelling/${orderNumber}`,
      `/BESTELLING/${orderNumber}`,
      `/%62estelling/${orderNumber}.data`,
    ];
    let i = 0;
    let last = 0;
    while (last !== 429 && i <= STATUS_PER_MINUTE) {
      last = (await server.get(`${spellings[i % 3]}?token=guess-${i}`)).status;
      expect([404, 429]).toContain(last);
      i++;
    }
    expect(last).toBe(429);
    // Every spelling counts on the one limit: none of them is let through.
    for (const spelling of spellings) {
      const res = await server.get(`${spelling}?token=guess`);
      expect(res.status, spelling).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});
