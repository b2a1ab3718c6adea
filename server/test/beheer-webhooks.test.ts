import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderMaker, type PlacedOrder } from "./helpers/payments.ts";
import { asStaff, type StaffSession, staffHelpers } from "./helpers/staff.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * Webhooks in the back office through real HTTP (issue 25 item 4): the admin API's webhook routes
 * behind a staff session at /api/beheer/webhooks, for the beheerder alone (webhooks.manage). Every
 * change needs the session's CSRF token and writes the staff audit log; ADMIN_TOKEN does not open
 * it. The endpoint points at a closed port, so its deliveries fail fast (a short retry schedule).
 */

const ADMIN_TOKEN = "test-admin-token-beheer-webhooks-0123456789";
const BASE = "/api/beheer/webhooks";

let server: TestServer;
let beheerder: Required<StaffSession>;
let klantenservice: Required<StaffSession>;
let beheerderEmail = "";
let placeOrder: (method: "ideal" | "card") => Promise<PlacedOrder>;

beforeAll(async () => {
  server = await startTestServer({
    storefront: false,
    env: {
      ADMIN_TOKEN,
      WEBHOOK_RETRY_SCHEDULE: "20ms",
      WEBHOOK_TIMEOUT_MS: "1000",
      WEBHOOK_WORKER_INTERVAL_MS: "30",
    },
  });
  const staff = staffHelpers(() => server, ADMIN_TOKEN);
  const chief = await staff.member("beheerder");
  beheerderEmail = chief.email;
  beheerder = await staff.signIn(chief);
  klantenservice = await staff.signIn(await staff.member("klantenservice", false));
  placeOrder = await orderMaker(server, ADMIN_TOKEN, "T-BWH");
}, 120_000);
afterAll(() => server?.close());

const del = (path: string, headers: Record<string, string>) =>
  fetch(server.url + path, { method: "DELETE", headers });

async function auditOf(target: string) {
  const { rows } = await server.services.database.db.execute<{
    actor: string;
    action: string;
    details: Record<string, unknown> | null;
  }>(`select actor, action, details from staff_audit where target = '${target}' order by id`);
  return rows;
}

interface Delivery {
  id: number;
  event_type: string;
  status: string;
  attempts: number;
  endpoint: { id: number; url: string };
  last_error: string | null;
  payload: { data: { order_number?: string } };
}

async function deliveriesTo(url: string, query = ""): Promise<Delivery[]> {
  const res = await server.get(`${BASE}/deliveries?pageSize=200${query}`, asStaff(beheerder));
  expect(res.status).toBe(200);
  return ((await res.json()).result.items as Delivery[]).filter((d) => d.endpoint.url === url);
}

describe("webhooks in the back office", () => {
  it("a beheerder adds an endpoint (its secret shown once), sees its failed delivery, retries it and removes it, each in the audit log", async () => {
    const url = `http://127.0.0.1:9/hook-${randomUUID()}`;
    const added = await server.post(
      `${BASE}/endpoints`,
      { url, events: ["order.placed"], description: "ERP" },
      asStaff(beheerder),
    );
    const addedBody = await added.json();
    expect(added.status, JSON.stringify(addedBody)).toBe(201);
    const { endpoint, secret } = addedBody.result;
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ url, events: ["order.placed"], source: "admin" });
    expect(endpoint.secret_hint).toBe(`whsec_…${secret.slice(-4)}`);

    // The list shows it, never its secret.
    const listed = await server.get(`${BASE}/endpoints`, asStaff(beheerder));
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(JSON.parse(text).result).toContainEqual(expect.objectContaining({ id: endpoint.id, url }));
    expect(text).not.toContain(secret);

    // The same URL twice: 409 naming the field, no second audit row.
    const twice = await server.post(`${BASE}/endpoints`, { url, events: [] }, asStaff(beheerder));
    expect(twice.status).toBe(409);

    const order = await placeOrder("ideal");
    await expect
      .poll(async () => (await deliveriesTo(url, "&status=failed")).map((d) => d.payload.data.order_number), {
        timeout: 15_000,
      })
      .toContain(order.orderNumber);
    const [failed] = (await deliveriesTo(url, "&status=failed")).filter(
      (d) => d.payload.data.order_number === order.orderNumber,
    );
    expect(failed).toMatchObject({ event_type: "order.placed", status: "failed", attempts: 2 });
    expect(failed!.last_error).toBeTruthy();
    // Filtered by status: a failed one is not among the succeeded.
    expect((await deliveriesTo(url, "&status=succeeded")).map((d) => d.id)).not.toContain(failed!.id);

    const retried = await server.post(`${BASE}/deliveries/${failed!.id}/retry`, {}, asStaff(beheerder));
    expect(retried.status).toBe(200);
    expect((await retried.json()).result).toBe("queued");
    // Sent again and failed again: one attempt more.
    await expect
      .poll(async () => (await deliveriesTo(url)).find((d) => d.id === failed!.id)?.attempts, {
        timeout: 15_000,
      })
      .toBeGreaterThan(2);

    const removed = await del(`${BASE}/endpoints/${endpoint.id}`, asStaff(beheerder).headers);
    expect(removed.status).toBe(200);
    const again = await del(`${BASE}/endpoints/${endpoint.id}`, asStaff(beheerder).headers);
    expect(again.status).toBe(404);
    const after = (await (await server.get(`${BASE}/endpoints`, asStaff(beheerder))).json()).result;
    expect(after.map((e: { id: number }) => e.id)).not.toContain(endpoint.id);
    // A delivery whose endpoint is gone is not sent again.
    expect((await server.post(`${BASE}/deliveries/${failed!.id}/retry`, {}, asStaff(beheerder))).status).toBe(
      409,
    );

    expect(await auditOf(`webhook endpoint ${endpoint.id}`)).toEqual([
      {
        actor: beheerderEmail,
        action: "webhook.endpoint_added",
        details: { url, events: "order.placed" },
      },
      { actor: beheerderEmail, action: "webhook.endpoint_removed", details: { url } },
    ]);
    expect(await auditOf(`webhook delivery ${failed!.id}`)).toEqual([
      {
        actor: beheerderEmail,
        action: "webhook.delivery_retried",
        details: { url, event_type: "order.placed" },
      },
    ]);
  });

  it("the admin API's changes write no staff audit row", async () => {
    const url = `http://127.0.0.1:9/admin-${randomUUID()}`;
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const res = await server.post("/api/admin/webhooks/endpoints", { url }, { headers: admin });
    expect(res.status).toBe(201);
    const { id } = (await res.json()).result.endpoint;
    expect((await del(`/api/admin/webhooks/endpoints/${id}`, admin)).status).toBe(200);
    expect(await auditOf(`webhook endpoint ${id}`)).toEqual([]);
  });

  it("refuses klantenservice (403), no session (401), ADMIN_TOKEN (401) and a change without CSRF (403)", async () => {
    const url = `http://127.0.0.1:9/refused-${randomUUID()}`;
    for (const path of ["/endpoints", "/deliveries"]) {
      expect((await server.get(BASE + path, asStaff(klantenservice))).status).toBe(403);
      expect((await server.get(BASE + path)).status).toBe(401);
      expect(
        (await server.get(BASE + path, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).status,
      ).toBe(401);
    }
    expect((await server.post(`${BASE}/endpoints`, { url }, asStaff(klantenservice))).status).toBe(403);
    expect((await server.post(`${BASE}/deliveries/1/retry`, {}, asStaff(klantenservice))).status).toBe(403);
    expect((await del(`${BASE}/endpoints/1`, asStaff(klantenservice).headers)).status).toBe(403);
    expect(
      (
        await server.post(
          `${BASE}/endpoints`,
          { url },
          { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
        )
      ).status,
    ).toBe(401);

    const noCsrf = await server.post(`${BASE}/endpoints`, { url }, asStaff({ cookie: beheerder.cookie }));
    expect(noCsrf.status).toBe(403);
    expect((await noCsrf.json()).meta.errors[0].path).toBe("headers.x-csrf-token");
    const endpoints = (await (await server.get(`${BASE}/endpoints`, asStaff(beheerder))).json()).result;
    expect(endpoints.map((e: { url: string }) => e.url)).not.toContain(url);
  });

  it("answers bad input with 400 naming the field", async () => {
    const bad = await server.post(
      `${BASE}/endpoints`,
      { url: "ftp://erp.example.nl/in", events: ["order.teleported"] },
      asStaff(beheerder),
    );
    expect(bad.status).toBe(400);
    const paths = (await bad.json()).meta.errors.map((e: { path: string }) => e.path);
    expect(paths).toContain("body.url");
    expect(paths.some((p: string) => p.startsWith("body.events"))).toBe(true);
    const query = await server.get(`${BASE}/deliveries?status=lost`, asStaff(beheerder));
    expect(query.status).toBe(400);
    expect((await query.json()).meta.errors[0].path).toBe("querystring.status");
  });
});
