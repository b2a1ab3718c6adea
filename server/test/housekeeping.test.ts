import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  idempotencyKeys,
  recommendationEvents,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../src/db/schema.ts";
import { REPLAY_DAYS } from "../src/providers/recommendations/event-store.ts";
import { countIdempotencyKeys, IDEMPOTENCY_KEY_TTL_MS } from "../src/services/idempotency.ts";
import { WEBHOOK_HISTORY_DAYS } from "../src/services/webhooks/outbox.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false });
});
afterAll(() => server?.close());

describe("housekeeping", () => {
  it("drops idempotency keys past their lifetime and keeps the rest, so the table cannot grow without end", async () => {
    const { db } = server.services.database;
    const scope = `housekeeping-${Date.now()}`;
    const now = Date.now();
    await db.insert(idempotencyKeys).values([
      { scope, key: "old", requestHash: "x", createdAt: new Date(now - IDEMPOTENCY_KEY_TTL_MS - 60_000) },
      { scope, key: "older", requestHash: "x", createdAt: new Date(now - 3 * IDEMPOTENCY_KEY_TTL_MS) },
      { scope, key: "fresh", requestHash: "x", createdAt: new Date(now - 60_000) },
    ]);
    expect(await countIdempotencyKeys(db, scope)).toBe(3);
    expect(await server.services.housekeeping.runOnce()).toBeGreaterThanOrEqual(2);
    expect(await countIdempotencyKeys(db, scope)).toBe(1);
  });

  it("drops recommendation events the learner will never replay and keeps the window's", async () => {
    const { db } = server.services.database;
    const customerKey = `housekeeping-${Date.now()}`;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const event = (createdAt: Date) => ({
      type: "view",
      customerKey,
      sessionKey: "s",
      productKey: "p",
      origin: "test",
      createdAt,
    });
    await db
      .insert(recommendationEvents)
      .values([event(daysAgo(REPLAY_DAYS + 1)), event(daysAgo(REPLAY_DAYS + 400)), event(daysAgo(3))]);
    await server.services.housekeeping.runOnce();
    const left = await db
      .select({ createdAt: recommendationEvents.createdAt })
      .from(recommendationEvents)
      .where(eq(recommendationEvents.customerKey, customerKey));
    expect(left).toHaveLength(1);
    expect(left[0]!.createdAt.getTime()).toBeGreaterThan(daysAgo(4).getTime());
  });

  it("drops webhook events past their history once no delivery of theirs is still pending", async () => {
    const { db } = server.services.database;
    const old = new Date(Date.now() - (WEBHOOK_HISTORY_DAYS + 1) * 86_400_000);
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        url: `https://erp.example.nl/${Date.now()}`,
        secret: "whsec_x",
        source: "admin",
        disabledAt: new Date(),
      })
      .returning();
    const event = (name: string, createdAt: Date) => ({
      messageId: `msg_${name}_${Date.now()}`,
      type: "order.placed",
      body: "{}",
      createdAt,
    });
    const events = await db
      .insert(webhookEvents)
      .values([event("done", old), event("waiting", old), event("fresh", new Date())])
      .returning();
    await db.insert(webhookDeliveries).values([
      { eventId: events[0]!.id, endpointId: endpoint!.id, status: "succeeded" },
      {
        eventId: events[1]!.id,
        endpointId: endpoint!.id,
        status: "pending",
        nextAttemptAt: new Date("2999-01-01"),
      },
      { eventId: events[2]!.id, endpointId: endpoint!.id, status: "failed" },
    ]);
    await server.services.housekeeping.runOnce();
    const left = await db.select({ id: webhookEvents.id }).from(webhookEvents);
    const ids = new Set(left.map((row) => row.id));
    expect([ids.has(events[0]!.id), ids.has(events[1]!.id), ids.has(events[2]!.id)]).toEqual([
      false,
      true,
      true,
    ]);
    expect(
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, events[0]!.id)),
    ).toEqual([]);
  });
});
