import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hostedPage,
  location,
  orderMaker,
  type PlacedOrder,
  paymentStatus,
  postForm,
  settle,
} from "./helpers/payments.ts";
import { copyTemplate, testDatabaseUrl } from "./helpers/test-database.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * The built-in gateway keeps Adyen's side in the database (issue 24 item 2): a notification the
 * shop did not take is retried on Adyen's schedule until it answers `[accepted]`, and a restart in
 * the middle of a payment loses neither the session nor the notification.
 */

const ADMIN_TOKEN = "test-admin-token-payments-restart-0123";
let server: TestServer;
let folder: { dataDir: string; dispose(): Promise<void> } | undefined;
let placeOrder: (method: "ideal" | "card") => Promise<PlacedOrder>;

const start = () => startTestServer({ storefront: false, env: { ADMIN_TOKEN }, dataDir: folder?.dataDir });

beforeAll(async () => {
  folder = testDatabaseUrl() ? undefined : await copyTemplate();
  server = await start();
  placeOrder = await orderMaker(server, ADMIN_TOKEN, "T-RESTART");
}, 120_000);
afterAll(async () => {
  await server?.close();
  await folder?.dispose();
});

async function notificationsOf(reference: string) {
  const { rows } = await server.services.database.db.execute<{
    attempts: number;
    delivered: boolean;
    last_error: string | null;
    due_in_ms: number;
  }>(
    `select attempts, delivered_at is not null as delivered, last_error,
       (extract(epoch from next_attempt_at - now()) * 1000)::int as due_in_ms
     from adyen_test_notifications where item->>'merchantReference' = '${reference}'`,
  );
  return rows;
}

describe("a payment across a restart", () => {
  it("retries a notification the shop did not accept, and delivers it after a restart", async () => {
    // The shop's webhook is down: whatever it answers is not `[accepted]`.
    server.services.testGateway!.gateway.sendNotificationsWith(async () => "503 Service Unavailable");
    const order = await placeOrder("ideal");
    const bank = location(
      await fetch((await hostedPage(server, order)).replace(/^http:\/\/localhost:3000/, server.url), {
        redirect: "manual",
      }),
    );
    const back = location(await postForm(server, bank.pathname, { outcome: "success" }));
    const reference = `${order.orderNumber}-1`;
    await expect.poll(async () => (await notificationsOf(reference))[0]?.attempts).toBe(1);
    const [tried] = await notificationsOf(reference);
    expect(tried).toMatchObject({ delivered: false, last_error: expect.stringContaining("not [accepted]") });
    // Adyen's schedule: the next try two minutes later.
    expect(tried!.due_in_ms).toBeGreaterThan(60_000);
    expect(tried!.due_in_ms).toBeLessThanOrEqual(120_000);
    expect(await paymentStatus(server, order)).toMatchObject({ paid: false });

    // A restart: a new app on the same data. The session is still the gateway's; the shopper's
    // return is settled by it, and the notification goes out when it is due.
    await server.close();
    server = await start();
    expect((await (await settle(server, order, back)).json()).result).toEqual({
      resultCode: "Authorised",
      isFinal: true,
    });
    await server.services.testGateway!.gateway.notifications.deliverDue(new Date(Date.now() + 3 * 60_000));
    expect((await notificationsOf(reference))[0]).toMatchObject({ attempts: 2, delivered: true });
    await expect
      .poll(() => paymentStatus(server, order))
      .toMatchObject({ paid: true, orderStatus: "processing" });
  });
});
