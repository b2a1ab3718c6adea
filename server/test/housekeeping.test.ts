import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys } from "../src/db/schema.ts";
import { countIdempotencyKeys, IDEMPOTENCY_KEY_TTL_MS } from "../src/services/idempotency.ts";
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
});
