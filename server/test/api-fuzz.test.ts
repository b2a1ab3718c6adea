/**
 * Property-based fuzzing of the whole HTTP surface (docs/decisions/0012-input-rules.md): every
 * operation of `/api/openapi.json` and the storefront's paths, forms and images, with hostile
 * values and a fixed seed. Never a 5xx; under /api always the envelope, and a 400 names the field.
 * `npm run bench -- fuzz` runs the same fuzzer for longer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FuzzTarget, fuzzApi, fuzzPaths, operationsOf } from "./helpers/api-fuzz.ts";
import { cartFixtures } from "./helpers/cart-fixtures.ts";
import { createStory, EDITOR_TOKEN } from "./helpers/cms.ts";
import { staffHelpers } from "./helpers/staff.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const ADMIN_TOKEN = "fuzz-admin-token-0123456789";

let server: TestServer;
let target: FuzzTarget;

beforeAll(async () => {
  server = await startTestServer({
    // A named relying party: on 127.0.0.1 a passkey ceremony would stop at the host check.
    env: {
      CMS_EDITOR_TOKEN: EDITOR_TOKEN,
      ADMIN_TOKEN,
      PASSKEY_RP_ID: "shop.example.nl",
      PASSKEY_ORIGIN: "https://shop.example.nl",
    },
  });
  const cartId = (await (await server.post("/api/ext/tritonx/cart/create", {})).json()).result as string;
  // The fuzzer edits, unpublishes and deletes the story it is given: its own, never the home page
  // that other test files read from a shared PostgreSQL database.
  const story = await createStory(server, { publish: true, name: "Fuzzpagina" });
  // A beheerder's session, so the back office's order and webhook routes are fuzzed past the sign-in.
  const staff = staffHelpers(() => server, ADMIN_TOKEN);
  const session = await staff.signIn(await staff.member("beheerder"));
  target = {
    url: server.url,
    editorToken: EDITOR_TOKEN,
    adminToken: ADMIN_TOKEN,
    cartId,
    sku: (await cartFixtures(server)).simple.sku,
    storyId: story.id,
    staff: session,
  };
});
afterAll(() => server?.close());

describe("the API under hostile input", () => {
  it("answers every operation of the OpenAPI document, valid or mutated, without a 5xx, in the envelope, naming the field", async () => {
    const doc = await (await server.get("/api/openapi.json")).json();
    const operations = operationsOf(doc);
    // The document is the list: a route left out of it would escape the fuzzer.
    expect(operations.length).toBeGreaterThanOrEqual(40);
    const passkeys = operations
      .filter((op) => op.template.startsWith("/api/ext/tritonx/passkeys"))
      .map((op) => `${op.method} ${op.template}`);
    expect(passkeys.sort()).toEqual([
      "DELETE /api/ext/tritonx/passkeys/{id}",
      "GET /api/ext/tritonx/passkeys/",
      "POST /api/ext/tritonx/passkeys/login",
      "POST /api/ext/tritonx/passkeys/login-options",
      "POST /api/ext/tritonx/passkeys/register",
      "POST /api/ext/tritonx/passkeys/register-options",
    ]);
    // Issue 31: the routes that mail someone, reviews, and the staff's payment alerts are fuzzed too.
    const named = operations.map((op) => `${op.method} ${op.template}`);
    expect(named).toEqual(
      expect.arrayContaining([
        "GET /api/ext/voyado-engage-newsletter/subscribe",
        "POST /api/ext/voyado-engage-newsletter/subscribe",
        "DELETE /api/ext/voyado-engage-newsletter/subscribe",
        "POST /api/stock/alert",
        "POST /api/review/create",
        "GET /api/admin/payment-alerts",
        "POST /api/admin/payment-alerts/{id}/resolve",
        // Issue 23: the checkout's postcode lookup.
        "GET /api/ext/address/lookup",
        // Issue 25: webhooks to a warehouse or ERP, and the accounting exports.
        "GET /api/admin/webhooks/endpoints",
        "POST /api/admin/webhooks/endpoints",
        "DELETE /api/admin/webhooks/endpoints/{id}",
        "GET /api/admin/webhooks/deliveries",
        "POST /api/admin/webhooks/deliveries/{id}/retry",
        "GET /api/admin/exports/orders.csv",
        "GET /api/admin/exports/refunds.csv",
        // The back office's staff accounts, sign-in, moderation and audit log.
        "POST /api/admin/staff",
        "POST /api/admin/staff/disable",
        "POST /api/beheer/login",
        "POST /api/beheer/login/totp",
        "POST /api/beheer/login/passkey",
        // Issue 25: a staff member's own second factors (/beheer/beveiliging).
        "GET /api/beheer/security",
        "POST /api/beheer/security/totp/offer",
        "POST /api/beheer/security/totp",
        "POST /api/beheer/security/passkeys/options",
        "POST /api/beheer/security/passkeys",
        "DELETE /api/beheer/security/passkeys/{id}",
        "GET /api/beheer/invitation",
        "POST /api/beheer/invitation",
        "GET /api/beheer/session",
        "POST /api/beheer/logout",
        "GET /api/beheer/reviews",
        "POST /api/beheer/reviews/{id}/reject",
        "GET /api/beheer/audit",
        // Issue 25: the back office's orders and their actions.
        "GET /api/admin/orders",
        "GET /api/admin/orders/{orderNumber}",
        "POST /api/admin/orders/{orderNumber}/ship",
        "POST /api/admin/orders/{orderNumber}/cancel",
        "POST /api/admin/orders/{orderNumber}/refund",
        "POST /api/admin/orders/{orderNumber}/refunds/{refundId}/retry",
        "POST /api/admin/orders/{orderNumber}/deliver",
        // The same for staff, behind their session.
        "GET /api/beheer/orders",
        "GET /api/beheer/orders/{orderNumber}",
        "POST /api/beheer/orders/{orderNumber}/ship",
        "POST /api/beheer/orders/{orderNumber}/cancel",
        "POST /api/beheer/orders/{orderNumber}/refund",
        "POST /api/beheer/orders/{orderNumber}/refunds/{refundId}/retry",
        "POST /api/beheer/orders/{orderNumber}/deliver",
        // Issue 25 item 3: the shopper's returns and the back office's.
        "GET /api/returns/orders/{orderNumber}",
        "POST /api/returns/orders/{orderNumber}",
        "GET /api/returns/{number}",
        "GET /api/beheer/returns",
        "GET /api/beheer/returns/{number}",
        "POST /api/beheer/returns/{number}/receive",
        "POST /api/beheer/returns/{number}/refund",
        "POST /api/beheer/returns/{number}/reject",
        // Issue 25 item 4: the same webhooks routes for staff, behind their session.
        "GET /api/beheer/webhooks/endpoints",
        "POST /api/beheer/webhooks/endpoints",
        "DELETE /api/beheer/webhooks/endpoints/{id}",
        "GET /api/beheer/webhooks/deliveries",
        "POST /api/beheer/webhooks/deliveries/{id}/retry",
      ]),
    );
    const { requests, findings } = await fuzzApi(target, operations, { runs: 700, seed: 20261125 });
    expect(requests).toBe(operations.length + 700);
    expect(findings).toEqual([]);
  });
});

describe("the storefront under hostile paths, queries and forms", () => {
  it("answers pages, form posts and images without a 5xx, and image refusals in the envelope", async () => {
    const { findings } = await fuzzPaths(target, { runs: 250, seed: 20261125 });
    expect(findings).toEqual([]);
  });
});
