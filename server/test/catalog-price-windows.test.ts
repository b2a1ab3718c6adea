/**
 * Special price windows go live by themselves: the catalogue index is priced for its build time,
 * so it is rebuilt when a window opens or closes, with no catalogue write and no restart, and the
 * answer cache (emptied by that rebuild) does not keep the old price.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../src/db/client.ts";
import { CatalogEvents } from "../src/services/catalog-events.ts";
import { importCatalogText } from "../src/services/catalog-import.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const URL = "/api/catalog/catalog_nl/product/_search";

/** A catalogue date as editors write it: store wall-clock time, to the second. */
const storeTime = (instant: number) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Amsterdam",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).format(instant);

const record = (id: number, sku: string, window: Record<string, string>) =>
  `${JSON.stringify({
    type: "product",
    data: {
      id,
      sku,
      name: `Actie ${sku}`,
      type_id: "simple",
      status: 1,
      visibility: 4,
      url_key: `test-actie-${id}`,
      url_path: `test-actie-${id}`,
      slug: `test-actie-${id}`,
      price: 100,
      special_price: 80,
      ...window,
      tax_class_id: 2,
      stock: { qty: 5, is_in_stock: true },
      category: [],
      category_ids: [],
    },
  })}\n`;

describe("a special price window that opens or closes re-prices the catalogue", () => {
  let server: TestServer;
  /**
   * Ahead of the import, so the write's own rebuild finishes before the windows move: 4 s was
   * too little on a 2-core machine with other work (the index build took longer and the
   * window had moved before the test looked).
   */
  const LEAD_MS = 10_000;
  let boundary: number;
  const rebuiltListener = vi.fn();
  /** Final prices by sku, seen after the import's rebuild and before the windows move. */
  let before: Record<string, number>;

  beforeAll(async () => {
    server = await startTestServer({ storefront: false });
    server.services.catalogEvents.onRebuilt(rebuiltListener);
    const at = Date.now() + LEAD_MS;
    // "… 12:00:04" lasts through that second: the closing window ends when the next one starts.
    boundary = Math.floor(at / 1000) * 1000;
    const text =
      record(9_500_001, "T-SPW-ENDS", { special_to_date: storeTime(at - 1000) }) +
      record(9_500_002, "T-SPW-OPENS", { special_from_date: storeTime(at) });
    expect((await importCatalogText(server.services.database.db, text)).ok).toBe(true);
    await vi.waitFor(async () => expect((await search()).total).toBe(2), { timeout: 15_000, interval: 50 });
    before = await finalPrices();
  });
  afterAll(async () => {
    if (!server) return;
    await server.services.database.db.execute("delete from stock where sku like 'T-SPW-%'");
    await server.services.database.db.execute("delete from products where id between 9500000 and 9599999");
    await server.close();
  });

  const body = { _appliedFilters: [{ attribute: "sku", value: { in: ["T-SPW-ENDS", "T-SPW-OPENS"] } }] };
  const search = async () =>
    (await (
      await server.post(`${URL}?_source_include=sku,price,special_price,final_price`, body)
    ).json()) as {
      total: number;
      items: { sku: string; price: number; special_price: number; final_price: number }[];
    };
  const finalPrices = async () =>
    Object.fromEntries((await search()).items.map((item) => [item.sku, item.final_price]));

  it("shows the special price until the window closes, and the regular price after, with no write", async () => {
    expect(server.services.catalog.snapshot().pricedAt.getTime()).toBeLessThan(boundary);
    expect(server.services.catalog.nextPriceChange()).toBe(boundary);
    expect(before["T-SPW-ENDS"]).toBe(80);
    // The same search again comes from the answer cache: the cache must not outlive the window.
    const hits = server.services.catalog.answers.stats().hits;
    expect((await finalPrices())["T-SPW-ENDS"]).toBe(80);
    expect(server.services.catalog.answers.stats().hits).toBe(hits + 1);
    const rebuilds = server.services.catalogEvents.rebuildCount;
    const listened = rebuiltListener.mock.calls.length;

    await vi.waitFor(async () => expect((await finalPrices())["T-SPW-ENDS"]).toBe(100), {
      timeout: LEAD_MS + 10_000,
      interval: 100,
    });
    expect(Date.now()).toBeGreaterThanOrEqual(boundary);
    expect(server.services.catalogEvents.rebuildCount).toBeGreaterThan(rebuilds);
    // The HTML output cache drops its catalogue pages in these listeners.
    expect(rebuiltListener.mock.calls.length).toBeGreaterThan(listened);
  });

  it("shows the regular price until a window opens, and the special price from then on", async () => {
    expect(before["T-SPW-OPENS"]).toBe(100);
    // Both windows move at the same second; the test above waited for it.
    expect(server.services.catalog.snapshot().pricedAt.getTime()).toBeGreaterThanOrEqual(boundary);
    const after = await search();
    const opened = after.items.find((item) => item.sku === "T-SPW-OPENS")!;
    expect(opened.final_price).toBe(80);
    expect(opened.special_price).toBe(80);
    expect(after.items.find((item) => item.sku === "T-SPW-ENDS")!.special_price).toBe(0);
    // Nothing else ahead in these two windows; the demo catalogue's own windows may follow.
    expect(server.services.catalog.nextPriceChange() ?? Number.POSITIVE_INFINITY).toBeGreaterThan(boundary);
  });
});

describe("the re-pricing timer", () => {
  const noDatabase = { kind: "pglite" } as Database;
  const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("rebuilds at the moment the index names, and again at the next one", async () => {
    // The clock is the test's: on a busy machine a real 15 ms pause can outlast the 40 ms moment.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const moments = [Date.now() + 40, Date.now() + 120];
      const rebuild = vi.fn(async () => {
        moments.shift();
      });
      const events = new CatalogEvents(noDatabase, {
        rebuild,
        debounceMs: 0,
        logLevel: "silent",
        nextChangeAt: () => moments[0],
      });
      events.scheduleNextChange();
      await vi.advanceTimersByTimeAsync(39);
      expect(rebuild).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2);
      expect(rebuild).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(78);
      expect(rebuild).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2);
      expect(rebuild).toHaveBeenCalledTimes(2);
      // No moment left: nothing more.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(rebuild).toHaveBeenCalledTimes(2);
      await events.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits for a moment beyond setTimeout's range instead of firing at once", async () => {
    const rebuild = vi.fn(async () => {});
    const events = new CatalogEvents(noDatabase, {
      rebuild,
      debounceMs: 0,
      logLevel: "silent",
      nextChangeAt: () => Date.now() + 40 * 24 * 3600 * 1000,
    });
    events.scheduleNextChange();
    await later(100);
    expect(rebuild).not.toHaveBeenCalled();
    await events.stop();
  });

  it("tries again after a pause when the rebuild for a moment failed", async () => {
    const due = Date.now() + 20;
    let built = false;
    const rebuild = vi
      .fn(async () => {
        built = true;
      })
      .mockRejectedValueOnce(new Error("database away"));
    const events = new CatalogEvents(noDatabase, {
      rebuild,
      debounceMs: 0,
      logLevel: "silent",
      retryMs: 150,
      nextChangeAt: () => (built ? undefined : due),
    });
    events.scheduleNextChange();
    await vi.waitFor(() => expect(rebuild).toHaveBeenCalledTimes(1), { timeout: 2000, interval: 5 });
    await later(80);
    // Not hammered: the failed rebuild is retried after retryMs, not at once.
    expect(rebuild).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(rebuild).toHaveBeenCalledTimes(2), { timeout: 2000, interval: 5 });
    await later(200);
    expect(rebuild).toHaveBeenCalledTimes(2);
    await events.stop();
  });
});
