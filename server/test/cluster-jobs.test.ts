import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLUSTER_ADMIN_TOKEN,
  clusterSkipReason,
  holdTable as holdTableOf,
  startTestCluster,
  type TestCluster,
} from "./helpers/cluster.ts";
import { hostedPage, location, orderMaker, postForm } from "./helpers/payments.ts";
import { type HttpServer, httpServer } from "./helpers/test-server.ts";

/*
 * Background jobs on two instances (issue 26): each job's effect happens exactly once, and what an
 * instance had claimed when it was killed with SIGKILL is done by the other. A test table lock
 * holds both instances in the middle of a round, so the kill always lands mid-way. PostgreSQL and
 * Redis only (cluster.test.ts says why).
 */

const why = await clusterSkipReason();
let shop: HttpServer;
let running: TestCluster;
let db: pg.Client;

const holdTable = (table: string) => holdTableOf(running.database, table);

/** Backends waiting for a table lock: instances stuck in the middle of a round. */
async function waitingOnLock(): Promise<number> {
  const { rows } = await db.query(
    "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
  );
  return rows[0].n;
}

describe.skipIf(why !== null)("background jobs across two instances, after a SIGKILL (issue 26)", () => {
  beforeAll(async () => {
    running = await startTestCluster({
      MAIL_WORKER_INTERVAL_MS: "200",
      ADYEN_TEST_NOTIFICATION_LEASE_MS: "3000",
      NEWSLETTER_SIGNUPS_PER_HOUR: "100000",
    });
    shop = httpServer(running.cluster.url);
    db = new pg.Client({ connectionString: running.database });
    await db.connect();
  }, 240_000);
  afterAll(async () => {
    await db?.end();
    await running?.close();
  }, 60_000);

  it("sends each newsletter confirmation once, those the killed instance had claimed included", async () => {
    const [first] = running.cluster.instances;
    const addresses = Array.from({ length: 30 }, (_, i) => `kill.${i}.${Date.now()}@example.nl`);
    // Each shopper from a network (/56) of its own, new for every run: the rate limits live in the
    // shared Redis, and a run within the hour before would otherwise have used them up.
    const network = Math.floor(Math.random() * 0xfffe + 1).toString(16);
    const from = (i: number) => `2001:db8:${network}:${(i << 8).toString(16)}::1`;
    // The mailbox takes no mail: each instance's round claims its rows and waits, mid-way.
    const mailbox = await holdTable("mailbox_messages");
    try {
      for (const [i, email] of addresses.entries()) {
        const res = await shop.post(
          "/api/ext/voyado-engage-newsletter/subscribe",
          { email },
          { headers: { "x-forwarded-for": from(i) } },
        );
        expect(res.status, email).toBe(200);
      }
      await expect.poll(waitingOnLock, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(await first!.stop("SIGKILL")).toBeNull();
    } finally {
      await mailbox.release();
    }
    const received = async () => {
      const { rows } = await db.query(
        `select "to", count(*)::int as n from mailbox_messages where "to" = any($1) group by "to"`,
        [addresses],
      );
      return rows as { to: string; n: number }[];
    };
    await expect.poll(async () => (await received()).length, { timeout: 20_000 }).toBe(addresses.length);
    await first!.start();
    // Rounds of both instances go by (200 ms each): still one confirmation per address.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await received()).filter((row) => row.n !== 1)).toEqual([]);
    const { rows } = await db.query(
      'select status, count(*)::int as n from mail_outbox where "to" = any($1) group by status',
      [addresses],
    );
    expect(rows).toEqual([{ status: "sent", n: addresses.length }]);
  });

  it("pays each order once and mails one confirmation when an instance dies delivering its notification", async () => {
    const [first] = running.cluster.instances;
    const place = await orderMaker(shop, CLUSTER_ADMIN_TOKEN, "T-KILL");
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await place("ideal"));
    // The shop's webhook cannot record a notification: each delivery stops in the middle.
    const webhook = await holdTable("payment_notifications");
    try {
      for (const order of orders) {
        const bank = location(await fetch(await hostedPage(shop, order), { redirect: "manual" }));
        location(await postForm(shop, bank.pathname, { outcome: "success" }));
      }
      await expect.poll(waitingOnLock, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      expect(await first!.stop("SIGKILL")).toBeNull();
    } finally {
      await webhook.release();
    }
    const numbers = orders.map((order) => order.orderNumber);
    const paid = async () => {
      const { rows } = await db.query(
        "select count(*)::int as n from orders where increment_id = any($1) and status = 'processing'",
        [numbers],
      );
      return rows[0].n as number;
    };
    // The killed instance's claims come back after their lease (3 s), to the instance still running.
    await expect.poll(paid, { timeout: 30_000 }).toBe(orders.length);
    await first!.start();
    await expect
      .poll(
        async () =>
          (
            await db.query(
              "select count(*)::int as n from adyen_test_notifications where delivered_at is null",
            )
          ).rows[0].n,
        { timeout: 20_000 },
      )
      .toBe(0);
    // Each order: one AUTHORISATION recorded, one confirmation mail.
    const { rows: events } = await db.query(
      "select merchant_reference, count(*)::int as n from payment_notifications where event_code = 'AUTHORISATION' and split_part(merchant_reference, '-', 1) = any($1) group by 1",
      [numbers],
    );
    expect(events.map((row) => row.n)).toEqual(numbers.map(() => 1));
    const { rows: mails } = await db.query(
      "select subject from mailbox_messages where subject similar to $1",
      [`%(${numbers.join("|")})%`],
    );
    for (const number of numbers)
      expect(mails.filter((mail) => mail.subject.includes(number)).length, number).toBe(1);
  });
});
