import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGAGE_API_BASE } from "../src/api/voyado-engage/route.ts";
import {
  CLUSTER_ADMIN_TOKEN,
  clusterSkipReason,
  holdTable,
  lockWaiters,
  startTestCluster,
  type TestCluster,
} from "./helpers/cluster.ts";
import { createStory, EDITOR_TOKEN, editor, textPage } from "./helpers/cms.ts";
import { type EngageDoor, engageDoor } from "./helpers/engage-door.ts";
import { importOwnProducts } from "./helpers/own-products.ts";
import { orderMaker } from "./helpers/payments.ts";
import { type HttpServer, httpServer, startTestServer, type TestServer } from "./helpers/test-server.ts";

/*
 * The sweeps on two instances (issue 26): back-in-stock mails, scheduled CMS releases, the expiry
 * of unpaid orders, housekeeping and the contacts sent to Engage. As in cluster-jobs.test.ts a
 * table lock (for Engage: its answers held back) stops both instances in the middle of a round,
 * one is killed with SIGKILL, the other finishes, and the effects are counted. PostgreSQL and
 * Redis only (cluster.test.ts says why).
 */

const why = await clusterSkipReason();
const run = randomUUID().slice(0, 8);
let running: TestCluster;
let db: pg.Client;
/** Engage, played by another Etalage's built-in Engage API, behind a door that counts its writes. */
let engage: TestServer;
let door: EngageDoor;

/** Waits until both instances are stuck on a lock; answers them. */
async function bothWaiting(timeout = 15_000) {
  let waiters: Awaited<ReturnType<typeof lockWaiters>> = [];
  await expect
    .poll(
      async () => {
        waiters = await lockWaiters(db);
        return new Set(waiters.map((w) => w.instance)).size;
      },
      { timeout },
    )
    .toBe(2);
  return waiters;
}

/** An instance killed by the test before, on its way back (some 20 s here). */
let returning: Promise<void> = Promise.resolve();
let lastKilled = 0;

/**
 * The instance that was not killed last, asked directly: the proxy retries nothing, and in the
 * moment before its health check notices a kill it still sends a request to the dead instance.
 */
function steady(): HttpServer {
  return httpServer(`http://127.0.0.1:${running.cluster.instances[lastKilled === 2 ? 0 : 1]!.port}`);
}

/**
 * Kills instance `number` (1-based) with SIGKILL, in the middle of whatever it was doing, and
 * starts it again: the other finishes the round alone meanwhile. The next test waits for it
 * (`bothUp`) only once its own preparations are made.
 */
async function kill(number: number) {
  const instance = running.cluster.instances[number - 1]!;
  lastKilled = number;
  expect(await instance.stop("SIGKILL")).toBeNull();
  returning = instance.start();
  returning.catch(() => {});
}
const bothUp = () => returning;

const count = async (query: string, values: unknown[]) => (await db.query(query, values)).rows[0].n as number;

describe.skipIf(why !== null)("sweeps across two instances, after a SIGKILL (issue 26)", () => {
  beforeAll(async () => {
    engage = await startTestServer({ storefront: false, vendor: true });
    door = await engageDoor(`${engage.url}${ENGAGE_API_BASE}`);
    running = await startTestCluster({
      CMS_EDITOR_TOKEN: EDITOR_TOKEN,
      CMS_SCHEDULER_INTERVAL_MS: "200",
      MAIL_WORKER_INTERVAL_MS: "200",
      ORDER_EXPIRY_INTERVAL_MS: "200",
      HOUSEKEEPING_INTERVAL_MS: "300",
      VOYADO_ENGAGE_URL: door.url,
      VOYADO_ENGAGE_API_KEY: engage.services.engageApi.apiKey,
      VOYADO_ENGAGE_SYNC_INTERVAL_MS: "200",
      ORDERS_PER_MINUTE: "100000",
    });
    db = new pg.Client({ connectionString: running.database });
    await db.connect();
  }, 240_000);
  afterAll(async () => {
    await returning.catch(() => {});
    await db?.end();
    await running?.close();
    await door?.close();
    await engage?.close();
  }, 60_000);

  it("mails each back-in-stock alert once, those the killed instance had claimed included", async () => {
    const sku = `T-ALERT-${run}`.toUpperCase();
    const product = { id: 9_200_000 + Math.floor(Math.random() * 90_000), sku, name: "Alarmproduct" };
    await importOwnProducts(steady(), CLUSTER_ADMIN_TOKEN, [{ ...product, qty: 0 }]);
    // More than one sweep's batch (200): each instance claims its own share.
    const { rows } = await db.query(
      `insert into stock_alerts (sku, email, product_sku)
         select $1, 'terug.' || g || '.' || $2 || '@example.nl', $1 from generate_series(1, 260) g
       returning email`,
      [sku, run],
    );
    const addresses = rows.map((row) => row.email as string);
    await bothUp();
    // The outbox takes no mail: each instance's sweep holds its alerts and waits, mid-way.
    const outbox = await holdTable(running.database, "mail_outbox");
    // The import answers once its sweep has run: asked of the instance that stays, it is awaited
    // after the outbox opens again.
    const second = httpServer(`http://127.0.0.1:${running.cluster.instances[1]!.port}`);
    let restocked: Promise<void> | undefined;
    try {
      restocked = importOwnProducts(second, CLUSTER_ADMIN_TOKEN, [{ ...product, qty: 5 }]);
      await expect
        .poll(
          async () =>
            new Set(
              (await lockWaiters(db))
                .filter((w) => w.query.startsWith('insert into "mail_outbox"'))
                .map((w) => w.instance),
            ).size,
          { timeout: 15_000 },
        )
        .toBe(2);
      await kill(1);
    } finally {
      await outbox.release();
    }
    await restocked;
    const mailed = () =>
      count(
        `select count(*)::int as n from mail_outbox where template = 'back-in-stock' and "to" = any($1)`,
        [addresses],
      );
    await expect.poll(mailed, { timeout: 20_000 }).toBe(addresses.length);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await mailed()).toBe(addresses.length);
    expect(
      await count(`select count(distinct "to")::int as n from mail_outbox where "to" = any($1)`, [addresses]),
    ).toBe(addresses.length);
    expect(
      await count("select count(*)::int as n from stock_alerts where sku = $1 and notified_at is null", [
        sku,
      ]),
    ).toBe(0);
  });

  it("publishes a scheduled release once when the instance publishing it is killed", async () => {
    const shop = steady();
    const stories = [await createStory(shop), await createStory(shop)];
    for (const story of stories)
      expect(
        (await editor(shop, "PUT", `/stories/${story.id}`, { content: textPage(`<p>Release ${run}</p>`) }))
          .status,
      ).toBe(200);
    const ids = stories.map((story) => story.id);
    // Every instance hears a publish through this channel and drops its pages: count the notices.
    const listener = new pg.Client({ connectionString: running.database });
    await listener.connect();
    const notices: { id: number; release_id?: number }[] = [];
    listener.on("notification", (message) => {
      const notice = JSON.parse(message.payload ?? "{}");
      if (notice.type === "published") notices.push(notice);
    });
    await listener.query("listen etalage_cms");
    // The stories cannot be written: the instance publishing holds the release and waits, the
    // other waits for the release.
    await bothUp();
    const held = await holdTable(running.database, "cms_stories");
    let releaseId: number;
    let publisher: number;
    try {
      const made = await editor(shop, "POST", "/releases", {
        name: `Cluster ${run}`,
        publish_at: new Date(Date.now() - 1000).toISOString(),
        items: ids.map((story_id) => ({ story_id, version: 2 })),
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      releaseId = made.body.result.release.id;
      const waiters = await bothWaiting();
      publisher = waiters.find((w) => w.relation === "cms_stories")!.instance;
      await kill(publisher);
    } finally {
      await held.release();
    }
    const published = async () =>
      (await db.query("select status from cms_releases where id = $1", [releaseId])).rows[0].status;
    await expect.poll(published, { timeout: 20_000 }).toBe("published");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await listener.end();
    // One notice per story, from the one publish that committed.
    expect(
      notices
        .filter((n) => n.release_id === releaseId)
        .map((n) => n.id)
        .sort(),
    ).toEqual([...ids].sort());
    const { rows } = await db.query(
      `select s.id, s.published_version, (select count(*)::int from cms_story_versions v where v.story_id = s.id) as versions
         from cms_stories s where s.id = any($1) order by s.id`,
      [ids],
    );
    expect(rows).toEqual([...ids].sort().map((id) => ({ id, published_version: 2, versions: 2 })));
  });

  it("cancels each expired unpaid order once, its stock given back once", async () => {
    const place = await orderMaker(steady(), CLUSTER_ADMIN_TOKEN, "T-EXPIRE");
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await place("ideal"));
    const numbers = orders.map((order) => order.orderNumber);
    const { rows: skus } = await db.query(
      "select distinct s.sku, s.qty from stock s join order_items i on i.sku = s.sku join orders o on o.id = i.order_id where o.increment_id = any($1)",
      [numbers],
    );
    expect(skus).toHaveLength(1);
    const { sku, qty } = skus[0];
    // Stock cannot be given back: the instance cancelling holds an order and waits, the other
    // waits for that order.
    await bothUp();
    const held = await holdTable(running.database, "stock");
    let canceller: number;
    try {
      await db.query(
        "update orders set payment_expires_at = now() - interval '1 minute' where increment_id = any($1)",
        [numbers],
      );
      const waiters = await bothWaiting();
      canceller = waiters.find((w) => w.relation === "stock")!.instance;
      await kill(canceller);
    } finally {
      await held.release();
    }
    const canceled = () =>
      count("select count(*)::int as n from orders where increment_id = any($1) and status = 'canceled'", [
        numbers,
      ]);
    await expect.poll(canceled, { timeout: 20_000 }).toBe(orders.length);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await db.query("select qty from stock where sku = $1", [sku])).rows[0].qty).toBe(
      qty + orders.length,
    );
    const { rows: events } = await db.query(
      `select o.increment_id, count(*)::int as n from order_events e join orders o on o.id = e.order_id
        where e.type = 'order.cancelled' and o.increment_id = any($1) group by 1`,
      [numbers],
    );
    expect(events.map((row) => row.n)).toEqual(numbers.map(() => 1));
  });

  it("drops expired idempotency keys when the instance dropping them is killed, and keeps live ones", async () => {
    const scope = `cluster-${run}`;
    await db.query(
      `insert into idempotency_keys (scope, key, request_hash, created_at)
         select $1, 'oud-' || g, 'x', now() - interval '2 days' from generate_series(1, 500) g
       union all
         select $1, 'nieuw-' || g, 'x', now() from generate_series(1, 20) g`,
      [scope],
    );
    await bothUp();
    const held = await holdTable(running.database, "idempotency_keys");
    try {
      const waiters = await bothWaiting();
      expect(waiters.every((w) => w.relation === "idempotency_keys")).toBe(true);
      await kill(1);
    } finally {
      await held.release();
    }
    const left = async () =>
      (
        await db.query(
          "select split_part(key, '-', 1) as age, count(*)::int as n from idempotency_keys where scope = $1 group by 1 order by 1",
          [scope],
        )
      ).rows;
    await expect.poll(left, { timeout: 20_000 }).toEqual([{ age: "nieuw", n: 20 }]);
  });

  it("sends each contact to Engage once, the one the killed instance had sent included", async () => {
    const due = () =>
      count(
        "select count(*)::int as n from contacts where email is not null and (engage_synced_at is null or updated_at > engage_synced_at)",
        [],
      );
    // The demo's contacts first: Engage is current before the test's own come.
    await bothUp();
    await expect.poll(due, { timeout: 30_000 }).toBe(0);
    door.hold();
    let addresses: string[];
    try {
      // More than one round's batch (50): each instance sends its own share.
      const { rows } = await db.query(
        `insert into contacts (id, email, attributes, accepts_email)
           select gen_random_uuid()::text, 'engage.' || g || '.' || $1 || '@example.nl',
                  jsonb_build_object('firstName', 'Klant ' || g), true
             from generate_series(1, 60) g
         returning email`,
        [run],
      );
      addresses = rows.map((row) => row.email as string);
      // Engage has made a contact for each instance; neither has heard back.
      await expect.poll(() => door.held(), { timeout: 15_000 }).toBe(2);
      await kill(1);
    } finally {
      door.release();
    }
    await expect.poll(due, { timeout: 20_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(addresses.filter((email) => door.writes(email) !== 1)).toEqual([]);
    const engageDb = new pg.Client({ connectionString: engage.services.config.DATABASE_URL });
    await engageDb.connect();
    const { rows: inEngage } = await engageDb
      .query(
        "select lower(email) as email, count(*)::int as n from contacts where lower(email) = any($1) group by 1",
        [addresses],
      )
      .finally(() => engageDb.end());
    expect(inEngage).toHaveLength(addresses.length);
    expect(inEngage.filter((row: { n: number }) => row.n !== 1)).toEqual([]);
  });
});
