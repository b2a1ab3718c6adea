import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../src/db/client.ts";
import { CatalogEvents, LISTENER_APPLICATION_NAME } from "../src/services/catalog-events.ts";
import { importCatalogText } from "../src/services/catalog-import.ts";
import { testDatabaseUrl } from "./helpers/test-database.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/** Catalogue change notifications: debouncing, and index refresh across server instances. */

describe("CatalogEvents debouncing", () => {
  const noDatabase = { kind: "pglite" } as Database;
  const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("coalesces a burst of notices into one rebuild", async () => {
    const rebuild = vi.fn(async () => {});
    const events = new CatalogEvents(noDatabase, { rebuild, debounceMs: 30, logLevel: "silent" });
    const waits = [events.requestRefresh(), events.requestRefresh(), events.requestRefresh()];
    expect(await Promise.all(waits)).toEqual([true, true, true]);
    expect(rebuild).toHaveBeenCalledTimes(1);
    expect(events.rebuildCount).toBe(1);
    await events.stop();
  });

  it("rebuilds once more after a notice that came during a rebuild", async () => {
    let release!: () => void;
    const rebuild = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)))
      .mockResolvedValue(undefined);
    const events = new CatalogEvents(noDatabase, { rebuild, debounceMs: 10, logLevel: "silent" });
    const first = events.requestRefresh();
    await later(30);
    expect(rebuild).toHaveBeenCalledTimes(1);
    const second = events.requestRefresh();
    const third = events.requestRefresh();
    await later(30);
    expect(rebuild).toHaveBeenCalledTimes(1);
    release();
    expect(await first).toBe(true);
    expect(await Promise.all([second, third])).toEqual([true, true]);
    expect(rebuild).toHaveBeenCalledTimes(2);
    await events.stop();
  });

  it("keeps going after a failed rebuild, and stops cleanly", async () => {
    const rebuild = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error("database away"))
      .mockResolvedValue(undefined);
    const events = new CatalogEvents(noDatabase, { rebuild, debounceMs: 5, logLevel: "silent" });
    expect(await events.requestRefresh()).toBe(false);
    expect(await events.requestRefresh()).toBe(true);
    const pending = events.requestRefresh();
    await events.stop();
    expect(await pending).toBe(false);
    expect(await events.requestRefresh()).toBe(false);
    expect(rebuild).toHaveBeenCalledTimes(2);
  });
});

const record = (id: number, sku: string, url: string) =>
  `${JSON.stringify({
    type: "product",
    data: {
      id,
      sku,
      name: `Event ${sku}`,
      type_id: "simple",
      status: 1,
      visibility: 4,
      url_key: url,
      url_path: url,
      slug: url,
      price: 10,
      tax_class_id: 2,
      stock: { qty: 1, is_in_stock: true },
      category: [],
      category_ids: [],
    },
  })}\n`;

async function cleanup(server: TestServer) {
  await server.services.database.db.execute("delete from stock where sku like 'T-EVT-%'");
  await server.services.database.db.execute("delete from products where id between 9300000 and 9399999");
}

describe("a catalogue write refreshes the running index", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ storefront: false });
  });
  afterAll(async () => {
    if (!server) return;
    await cleanup(server);
    await server.close();
  });

  it("on notice from the writing transaction, without a restart or an admin call", async () => {
    const mapped = async () => (await server.post("/api/url/map", { url: "test-event-een" })).status;
    expect(await mapped()).toBe(404);
    const outcome = await importCatalogText(
      server.services.database.db,
      record(9_300_001, "T-EVT-1", "test-event-een"),
    );
    expect(outcome.ok).toBe(true);
    await vi.waitFor(async () => expect(await mapped()).toBe(200), { timeout: 15_000, interval: 100 });
  });

  it("sends no notice for a refused import", async () => {
    const before = server.services.catalogEvents.rebuildCount;
    const bad = `${record(9_300_002, "T-EVT-2", "test-event-twee")}{"type":"product","data":{}}\n`;
    expect((await importCatalogText(server.services.database.db, bad)).ok).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(server.services.catalogEvents.rebuildCount).toBe(before);
  });
});

describe.skipIf(!testDatabaseUrl())("on PostgreSQL, two instances on one database", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ storefront: false });
    b = await startTestServer({ storefront: false });
  });
  afterAll(async () => {
    if (a) await cleanup(a);
    await a?.close();
    await b?.close();
  });

  const mappedOn = async (server: TestServer, url: string) =>
    (await server.post("/api/url/map", { url })).status;

  it("both see a change made through one", async () => {
    expect(await mappedOn(b, "test-event-drie")).toBe(404);
    const outcome = await importCatalogText(
      a.services.database.db,
      record(9_300_003, "T-EVT-3", "test-event-drie"),
    );
    expect(outcome.ok).toBe(true);
    await vi.waitFor(
      async () => {
        expect(await mappedOn(a, "test-event-drie")).toBe(200);
        expect(await mappedOn(b, "test-event-drie")).toBe(200);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it("keeps listening after the listener's connection is cut", async () => {
    const { db } = a.services.database;
    const listeners = async () =>
      (
        await db.execute<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where application_name = '${LISTENER_APPLICATION_NAME}' and datname = current_database()`,
        )
      ).rows[0]!.n;
    expect(await listeners()).toBeGreaterThanOrEqual(2);
    const rebuilds = b.services.catalogEvents.rebuildCount;
    await db.execute(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${LISTENER_APPLICATION_NAME}' and datname = current_database()`,
    );
    // Reconnected, and caught up with one rebuild for whatever was missed meanwhile.
    await vi.waitFor(() => expect(b.services.catalogEvents.rebuildCount).toBeGreaterThan(rebuilds), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await listeners()).toBeGreaterThanOrEqual(2);

    expect((await importCatalogText(db, record(9_300_004, "T-EVT-4", "test-event-vier"))).ok).toBe(true);
    await vi.waitFor(async () => expect(await mappedOn(b, "test-event-vier")).toBe(200), {
      timeout: 15_000,
      interval: 100,
    });
  });
});
