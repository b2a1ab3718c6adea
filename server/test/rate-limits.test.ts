import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { cartClient } from "./helpers/cart-fixtures.ts";
import { CLUSTER_REDIS_URL, redisAnswers } from "./helpers/cluster.ts";
import { importOwnProducts } from "./helpers/own-products.ts";
import { orderBody } from "./helpers/payments.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function serverWith(env: Record<string, string>) {
  const server = await startTestServer({ storefront: false, env });
  servers.push(server);
  return server;
}

/** RATE_LIMIT_ALLOW: addresses no per-address limit counts (the browser suite's 127.0.0.1). */
describe("RATE_LIMIT_ALLOW", () => {
  async function statusesOfLookups(env: Record<string, string>, times: number) {
    const server = await serverWith({ ORDER_STATUS_PER_MINUTE: "2", ...env });
    const statuses: number[] = [];
    for (let i = 0; i < times; i++)
      statuses.push((await server.get(`/api/ext/checkout/status?orderId=100000001&token=x${i}`)).status);
    return statuses;
  }

  it("counts every address unless it is allowed", async () => {
    expect(await statusesOfLookups({}, 3)).toEqual([404, 404, 429]);
    expect(await statusesOfLookups({ RATE_LIMIT_ALLOW: "127.0.0.1, ::1" }, 4)).toEqual([404, 404, 404, 404]);
  });

  it("refuses a setting that is not a list of addresses, naming it", () => {
    expect(() => loadConfig({ RATE_LIMIT_ALLOW: "127.0.0.1,localhost" })).toThrow(/RATE_LIMIT_ALLOW/);
  });

  it("takes the proxies in front as addresses or ranges (TRUST_PROXY), and nothing else", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });

  it("counts the shopper a trusted proxy names, and ignores the header from anyone else", async () => {
    const count = async (env: Record<string, string>) => {
      const server = await serverWith({ ORDER_STATUS_PER_MINUTE: "1", ...env });
      const from = (address: string) =>
        server.get("/api/ext/checkout/status?orderId=100000001&token=x", {
          headers: { "x-forwarded-for": address },
        });
      return [(await from("198.51.100.1")).status, (await from("198.51.100.2")).status];
    };
    // Behind a trusted proxy two shoppers are two; without TRUST_PROXY the header is anyone's
    // to write, so both are the one connection they came from.
    expect(await count({ TRUST_PROXY: "127.0.0.1" })).toEqual([404, 404]);
    expect(await count({})).toEqual([404, 429]);
  });
});

describe("ORDERS_PER_MINUTE (issue 31 item 8)", () => {
  it("places that many orders a minute and refuses the next; replays and malformed requests count nothing", async () => {
    const ADMIN_TOKEN = "rate-limit-admin-token-0123456789";
    const server = await serverWith({ ORDERS_PER_MINUTE: "3", ADMIN_TOKEN });
    const n = Math.floor(Math.random() * 90_000) + 10_000;
    const sku = `T-RATE-${n}`;
    await importOwnProducts(server, ADMIN_TOKEN, [
      { id: 9_700_000 + n, sku, name: "Limietproduct", qty: 100 },
    ]);
    const cart = cartClient(server);
    const place = async (body?: unknown, key = randomUUID()) => {
      let sent = body;
      if (!sent) {
        const id = await cart.create();
        await cart.update(id, { sku, qty: 1 });
        sent = orderBody(id, "cashondelivery");
      }
      const res = await server.post("/api/order", sent, { headers: { "idempotency-key": key } });
      return { res, body: sent, key };
    };

    const first = await place();
    expect(first.res.status).toBe(200);
    // A retry of the first order (its key and body) answers it again, however often.
    for (let i = 0; i < 3; i++) {
      const again = await place(first.body, first.key);
      expect(again.res.status).toBe(200);
      expect(again.res.headers.get("idempotent-replayed")).toBe("true");
    }
    // Malformed requests are answered 400 and are no orders.
    for (let i = 0; i < 3; i++) expect((await place({ cart_id: "x" })).res.status).toBe(400);
    expect((await place()).res.status).toBe(200);
    expect((await place()).res.status).toBe(200);
    const fourth = await place();
    expect(fourth.res.status).toBe(429);
    expect(Number(fourth.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await fourth.res.json()).result).toMatch(/^Too many orders from this address/);
    // Still a retry of a placed order is answered, limit or not.
    expect((await place(first.body, first.key)).res.status).toBe(200);
  });
});

describe("ORDERS_PER_MINUTE on the checkout page's own form (issue 31)", () => {
  it("counts the orders the page places as the API's, and still answers a retry of a placed one", async () => {
    const ADMIN_TOKEN = "rate-limit-admin-token-0123456789";
    const server = await startTestServer({ env: { ORDERS_PER_MINUTE: "2", ADMIN_TOKEN } });
    servers.push(server);
    const n = Math.floor(Math.random() * 90_000) + 10_000;
    const sku = `T-FORM-${n}`;
    await importOwnProducts(server, ADMIN_TOKEN, [{ id: 9_500_000 + n, sku, name: "Formproduct", qty: 100 }]);
    const cart = cartClient(server);
    // The checkout form as a browser without JavaScript posts it: urlencoded, the cart cookie.
    const post = async (cartId: string, idempotencyKey = randomUUID()) => {
      const res = await fetch(`${server.url}/checkout`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: `etalage_cart=${cartId}` },
        body: new URLSearchParams({
          email: "anna@example.nl",
          firstname: "Anna",
          lastname: "de Boer",
          postcode: "1015 CX",
          houseNumber: "100",
          street: "Keizersgracht",
          city: "Amsterdam",
          shipping: "postnl:standard",
          payment: "cashondelivery",
          billingSame: "1",
          idempotencyKey,
        }).toString(),
      });
      return { status: res.status, page: await res.text(), idempotencyKey, cartId };
    };
    const newCart = async () => {
      const id = await cart.create();
      await cart.update(id, { sku, qty: 1 });
      return id;
    };

    const first = await post(await newCart());
    expect(first.status).toBe(303);
    expect((await post(await newCart())).status).toBe(303);
    const third = await post(await newCart());
    expect(third.status).toBe(429);
    expect(third.page).toContain(
      "Te veel bestellingen vanaf dit adres. Probeer het over een minuut opnieuw.",
    );
    // The page's retry of the order it placed (the same key) is not a new order.
    expect((await post(first.cartId, first.idempotencyKey)).status).toBe(303);
  });
});

const redisWhy = (await redisAnswers()) ? null : `no Redis answers at ${CLUSTER_REDIS_URL}`;
if (redisWhy) console.info(`Redis rate-limit keys skipped: ${redisWhy}`);

describe.skipIf(redisWhy !== null)("rate limits counted in Redis (REDIS_URL)", () => {
  it("keys each limiter's counters by its name, never by a route it does not have", async () => {
    const server = await serverWith({ REDIS_URL: CLUSTER_REDIS_URL, TRUST_PROXY: "127.0.0.1" });
    // A shopper of this run alone: the Redis is shared with other runs.
    const shopper = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
    const from = { headers: { "x-forwarded-for": shopper } };
    const redis = new Redis(CLUSTER_REDIS_URL);
    try {
      expect((await server.get("/api/ext/checkout/status?orderId=100000001&token=x", from)).status).toBe(404);
      const email = `sleutel.${randomUUID().slice(0, 8)}@example.nl`;
      const signUp = await server.post("/api/ext/voyado-engage-newsletter/subscribe", { email }, from);
      expect(signUp.status).toBe(200);
      const keys = await redis.keys(`etalage:rate:*${shopper}*`);
      // The plugin's own Redis store named a limiter made with createRateLimit after its route,
      // which it has none of: `etalage:rate:undefinedundefined-mail:…`, one namespace for all.
      expect(keys.filter((key) => key.includes("undefined"))).toEqual([]);
      expect(keys).toHaveLength(4);
      expect(keys).toContain(`etalage:rate:GET/api/ext/checkout/status-${shopper}`);
      expect(keys).toContain(`etalage:rate:POST/api/ext/voyado-engage-newsletter/subscribe-${shopper}`);
      expect(keys).toContain(`etalage:rate:mail:newsletter:client:${shopper}`);
      expect(
        keys.filter((key) => key.startsWith(`etalage:rate:mail:newsletter:pair:${shopper}|`)),
      ).toHaveLength(1);
    } finally {
      const keys = await redis.keys(`etalage:rate:*${shopper}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
