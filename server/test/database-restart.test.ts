import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "./helpers/test-database.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/*
 * PostgreSQL ends the shop's idle connections (a restart, a failover, an administrator): the shop
 * keeps answering on new ones. Unheard, the pool's "error" event ended the process.
 */
describe.skipIf(!testDatabaseUrl())("idle connections PostgreSQL ends", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ storefront: false });
  }, 120_000);
  afterAll(() => server?.close());

  it("do not end the shop: it answers on new ones", async () => {
    expect((await server.get("/api/health")).status).toBe(200);
    const url = (server.services.config as { DATABASE_URL?: string }).DATABASE_URL!;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await expect.poll(async () => (await server.post("/api/ext/tritonx/cart/create", {})).status).toBe(200);
  });
});
