import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Cluster, startCluster } from "../src/cluster/harness.ts";
import { cartClient } from "./helpers/cart-fixtures.ts";
import { CLUSTER_ADMIN_TOKEN, CLUSTER_REDIS_URL, clusterSkipReason } from "./helpers/cluster.ts";
import {
  CMS_BASE,
  createStory,
  EDITOR_TOKEN,
  editor,
  getJson,
  sseEvents,
  textPage,
  uniqueSlug,
} from "./helpers/cms.ts";
import { importOwnProducts } from "./helpers/own-products.ts";
import {
  CHALLENGE_CARD,
  hostedPage,
  location,
  orderBody,
  type PlacedOrder,
  paymentStatus,
  postForm,
  settle,
} from "./helpers/payments.ts";
import { copyTemplateDatabase, dropDatabase } from "./helpers/test-database.ts";
import { type HttpServer, httpServer } from "./helpers/test-server.ts";

/*
 * Two instances of the production build on one PostgreSQL and one Redis, behind `npm run
 * cluster`'s round-robin proxy (issue 26): consecutive requests land on different instances, so
 * each test here fails when state lives in one process. PostgreSQL run only (PGlite is one
 * process's database), and only with a Redis (REDIS_URL, or 127.0.0.1:6379).
 */

const REDIS_URL = CLUSTER_REDIS_URL;
const template = inject("postgresTemplate");
const why = await clusterSkipReason();

/**
 * Asks until `answered` holds (10 s at most) and says how long after `since` the request that
 * first got it was sent: how soon a change reached the other instance, whatever a fresh render
 * of it then costs on a busy machine.
 */
async function seenAfter(since: number, ask: () => Promise<boolean>): Promise<number> {
  while (Date.now() - since < 10_000) {
    const askedAt = Date.now();
    if (await ask()) return askedAt - since;
  }
  throw new Error("the change never showed");
}

const ADMIN_TOKEN = CLUSTER_ADMIN_TOKEN;
const dataDir = path.join(tmpdir(), `etalage-cluster-${randomUUID().slice(0, 8)}`);
const run = randomUUID().slice(0, 8);
let cluster: Cluster;
let database: string;
/** The proxy; every request of a test through it goes to the next instance. */
let shop: HttpServer;
/** Each instance on its own, to see what one of them answers. */
let direct: HttpServer[];
const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } };

describe.skipIf(why !== null)("two instances behind a round-robin proxy (issue 26)", () => {
  beforeAll(async () => {
    database = await copyTemplateDatabase(template);
    cluster = await startCluster({
      instances: 2,
      port: 0,
      env: {
        DATABASE_URL: database,
        REDIS_URL,
        ADMIN_TOKEN,
        CMS_EDITOR_TOKEN: EDITOR_TOKEN,
        LOG_LEVEL: "warn",
        SEED: "none",
        DATA_DIR: dataDir,
        // Its own keys in the shared Redis: another run's pages and counters are not this one's.
        HTML_CACHE_PREFIX: `etalage-test-${run}:`,
        PUBLIC_URL: "",
        MAIL_WORKER_INTERVAL_MS: "200",
        ORDER_STATUS_PER_MINUTE: "10",
      },
      log: (instance, line) => {
        if (/"level":(50|60)/.test(line)) console.error(`[${instance}] ${line}`);
      },
    });
    shop = httpServer(cluster.url);
    // Pages belong to the shop's address (PUBLIC_URL, the proxy's): an instance asked directly is
    // told it, as the proxy would (the instances trust 127.0.0.1 as their proxy).
    const forwardedHost = { "x-forwarded-host": new URL(cluster.url).host };
    direct = cluster.instances.map((instance) =>
      httpServer(`http://127.0.0.1:${instance.port}`, forwardedHost),
    );
  }, 240_000);
  afterAll(async () => {
    await cluster?.close();
    if (database) await dropDatabase(database);
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("sends consecutive requests to the instances in turn", async () => {
    const answered: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await shop.get("/api/health");
      expect(res.status).toBe(200);
      answered.push(res.headers.get("x-etalage-instance") ?? "");
    }
    expect(new Set(answered)).toEqual(new Set(["1", "2"]));
    expect(answered[0]).not.toBe(answered[1]);
  });

  it("shows a catalogue import made on one instance on the other within 2 s", async () => {
    const sku = `T-CLUSTER-${run}`.toUpperCase();
    await importOwnProducts(shop, ADMIN_TOKEN, [
      { id: 9_400_000 + Math.floor(Math.random() * 90_000), sku, name: "Clusterproduct", qty: 20 },
    ]);
    const imported = Date.now();
    for (const instance of direct) {
      const delay = await seenAfter(imported, async () => {
        const res = await instance.post("/api/catalog/catalog_nl/product/_search?size=1", {
          _appliedFilters: [{ attribute: "sku", value: sku, scope: "default" }],
        });
        return ((await res.json()).items as unknown[]).length > 0;
      });
      expect(delay).toBeLessThan(2000);
    }
  });

  it("takes a whole guest purchase with every request on the next instance: paid once, one confirmation", async () => {
    const sku = `T-BUY-${run}`.toUpperCase();
    await importOwnProducts(shop, ADMIN_TOKEN, [
      { id: 9_300_000 + Math.floor(Math.random() * 90_000), sku, name: "Clusteraankoop", qty: 20 },
    ]);
    const email = `cluster.${run}@example.nl`;
    const carts = cartClient(shop);
    const place = async (method: "ideal" | "card"): Promise<PlacedOrder> => {
      const cartId = await carts.create();
      await expect
        .poll(async () => (await carts.update(cartId, { sku, qty: 1 })).status, { timeout: 2000 })
        .toBe(200);
      const body = { ...orderBody(cartId, method), personalDetails: { email } };
      const res = await shop.post("/api/order", body, { headers: { "idempotency-key": randomUUID() } });
      expect(res.status).toBe(200);
      return (await res.json()).result;
    };

    // iDEAL: the session made on one instance, the bank page served by the other, the return on a third turn.
    const ideal = await place("ideal");
    const page = await hostedPage(shop, ideal);
    const bank = location(await fetch(page, { redirect: "manual" }));
    const back = location(await postForm(shop, bank.pathname, { outcome: "success" }));
    expect((await (await settle(shop, ideal, back)).json()).result).toMatchObject({
      resultCode: "Authorised",
    });

    // A card through 3-D Secure: the challenge is answered on another instance than the one that asked.
    const card = await place("card");
    const cardPage = await hostedPage(shop, card);
    const challenge = location(await postForm(shop, `${new URL(cardPage).pathname}/card`, CHALLENGE_CARD));
    expect(challenge.pathname).toMatch(/^\/gateway\/adyen\/3ds\//);
    const cardBack = location(await postForm(shop, challenge.pathname, { password: "password" }));
    expect((await (await settle(shop, card, cardBack)).json()).result).toMatchObject({
      resultCode: "Authorised",
    });

    // Only the AUTHORISATION notification pays an order; whichever instance's round sends it, once.
    for (const order of [ideal, card])
      await expect
        .poll(() => paymentStatus(shop, order), { timeout: 20_000 })
        .toMatchObject({ orderStatus: "processing", paid: true });
    const confirmations = async (via: HttpServer) => {
      const res = await via.get(`/api/admin/mailbox?to=${encodeURIComponent(email)}&limit=50`, admin);
      const mails = (await res.json()).result as { subject: string }[];
      return [ideal, card].map((order) => mails.filter((m) => m.subject.includes(order.orderNumber)).length);
    };
    await expect.poll(() => confirmations(shop), { timeout: 20_000 }).toEqual([1, 1]);
    // Each instance delivers its outbox round now: still one confirmation per order.
    for (const instance of direct) expect(await confirmations(instance)).toEqual([1, 1]);
    // The gateway authorised each order's payment once (its ledger, in the shared database).
    const ledger = new pg.Client({ connectionString: database });
    await ledger.connect();
    try {
      for (const order of [ideal, card]) {
        const { rows } = await ledger.query(
          "select count(*)::int as n from adyen_test_payments where merchant_reference like $1 and result_code = 'Authorised'",
          [`${order.orderNumber}-%`],
        );
        expect(rows[0].n, order.orderNumber).toBe(1);
      }
    } finally {
      await ledger.end();
    }
  });

  it("counts a rate limit across instances (Redis), for the shopper the proxy names", async () => {
    // A shopper of this run alone, named by X-Forwarded-For (TRUST_PROXY is the proxy).
    const shopper = httpServer(cluster.url, { "x-forwarded-for": `2001:db8:${run.slice(0, 4)}:100::1` });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await shopper.get(`/api/ext/checkout/status?orderId=100000001&token=x${i}`)).status);
    // ORDER_STATUS_PER_MINUTE (10): counted per instance, 12 alternating requests would all pass.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.indexOf(429)).toBe(10);
    // Another shopper behind the same proxy (another /56: a limit counts an IPv6 network as one).
    const other = httpServer(cluster.url, { "x-forwarded-for": `2001:db8:${run.slice(0, 4)}:200::1` });
    expect((await other.get("/api/ext/checkout/status?orderId=100000001&token=y")).status).toBe(404);
  });

  it("detects a refresh token rotated on one instance and replayed on the other", async () => {
    const email = `refresh.${run}@example.nl`;
    const password = "Kaasschaaf-Fietsbel-87";
    const created = await shop.post(
      "/api/ext/tritonx/create",
      { customer: { email, firstname: "Jan", lastname: "Cluster" }, password },
      { headers: { "x-forwarded-for": `2001:db8::2:${run.slice(0, 4)}` } },
    );
    expect(created.status).toBe(200);
    const login = await (
      await direct[0]!.post("/api/ext/tritonx/login", { username: email, password })
    ).json();
    const rotated = await direct[0]!.post("/api/ext/tritonx/refresh", {
      refreshToken: login.meta.refreshToken,
    });
    expect(rotated.status).toBe(200);
    const fresh = await rotated.json();
    const replay = await direct[1]!.post("/api/ext/tritonx/refresh", {
      refreshToken: login.meta.refreshToken,
    });
    expect(replay.status).toBe(401);
    // The replay revoked the whole login, on every instance.
    const me = (via: HttpServer) =>
      via.get("/api/ext/tritonx/me", { headers: { authorization: `Bearer ${fresh.result}` } });
    expect((await me(direct[0]!)).status).toBe(401);
    expect((await me(direct[1]!)).status).toBe(401);
  });

  it("locks an address out after ten failed logins for one email, counted on both instances", async () => {
    // Customers and staff, each failure on the other instance than the one before: counted per
    // instance, each would have seen five, and neither the slow-down nor the lockout would come.
    const logins = [
      {
        path: "/api/ext/tritonx/login",
        body: (i: number) => ({ username: `slot.${run}@example.nl`, password: `Fout-${i}-xx` }),
      },
      {
        path: "/api/beheer/login",
        body: (i: number) => ({ email: `slot.${run}@etalage.nl`, password: `Fout-${i}-xx` }),
      },
    ];
    for (const [n, login] of logins.entries()) {
      const from = { headers: { "x-forwarded-for": `2001:db8:${run.slice(0, 4)}:${(n + 3) << 8}::1` } };
      const answers: { status: number; ms: number }[] = [];
      for (let i = 0; i < 11; i++) {
        const started = Date.now();
        const res = await direct[i % 2]!.post(login.path, login.body(i), from);
        answers.push({ status: res.status, ms: Date.now() - started });
      }
      expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(401), 429]);
      // From the sixth failure on, every login for the email waits longer (250 ms, doubling).
      expect(answers[9]!.ms, login.path).toBeGreaterThanOrEqual(4000);
    }
  }, 60_000);

  it("pushes a draft saved on one instance to a live preview open on the other", async () => {
    const story = await createStory(direct[0]!);
    const issued = await editor(direct[0]!, "POST", `/stories/${story.id}/preview-token`);
    expect(issued.status).toBe(200);
    const controller = new AbortController();
    const res = await fetch(
      `${direct[1]!.url}${CMS_BASE}/preview-events?id=${story.id}&token=${encodeURIComponent(issued.body.result.token)}`,
      { signal: controller.signal },
    );
    try {
      expect(res.status).toBe(200);
      const events = sseEvents(res.body!);
      expect((await events.next()).value).toEqual({ event: "ready", data: { id: story.id, version: 1 } });
      const saved = await editor(direct[0]!, "PUT", `/stories/${story.id}`, {
        content: textPage(`<p>Live ${run}</p>`),
      });
      expect(saved.status).toBe(200);
      const next = await Promise.race([
        events.next(),
        new Promise((resolve) => setTimeout(() => resolve({ value: "no event in 5 s" }), 5000)),
      ]);
      expect((next as { value: unknown }).value).toEqual({
        event: "message",
        data: { id: story.id, version: 2 },
      });
    } finally {
      controller.abort();
    }
  });

  it("shows a CMS publish made on one instance on the other within 2 s, its cached page included", async () => {
    const slug = uniqueSlug("cluster");
    const story = await createStory(direct[0]!, { slug, html: `<p>Eerste versie ${run}</p>`, publish: true });
    // Both instances have rendered (and cached) the page before the change.
    for (const instance of direct)
      await expect
        .poll(async () => (await instance.get(`/${slug}/`)).text(), { timeout: 20_000 })
        .toContain(`Eerste versie ${run}`);
    const content = textPage(`<p>Tweede versie ${run}</p>`);
    expect((await editor(direct[0]!, "PUT", `/stories/${story.id}`, { content })).status).toBe(200);
    expect((await editor(direct[0]!, "POST", `/stories/${story.id}/publish`)).status).toBe(200);
    const delay = await seenAfter(Date.now(), async () =>
      (await (await direct[1]!.get(`/${slug}/`)).text()).includes(`Tweede versie ${run}`),
    );
    expect(delay).toBeLessThan(2000);
    // The content API of the other instance (its answer cache) too.
    const answer = await getJson(direct[1]!, `${CMS_BASE}/story/${slug}`);
    expect(JSON.stringify(answer.body)).toContain(`Tweede versie ${run}`);
  });
});
