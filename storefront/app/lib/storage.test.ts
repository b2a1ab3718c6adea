import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { createStorage, MAX_WRITE_ERRORS, type StorageDatabase } from "./storage.ts";

let unique = 0;
const fresh = () => `test-${++unique}`;
const quiet = () => {};

/** A database that answers from a Map, failing or hanging where a test says so. */
function scriptedDatabase(behaviour: {
  get?: () => Promise<unknown>;
  put?: (value: unknown, key: string) => Promise<unknown>;
}) {
  const data = new Map<string, unknown>();
  const db = {
    closed: 0,
    cleared: 0,
    data,
    get: vi.fn((_store: string, key: string) => behaviour.get?.() ?? Promise.resolve(data.get(key))),
    put: vi.fn((_store: string, value: unknown, key: string) =>
      behaviour.put ? behaviour.put(value, key) : Promise.resolve(data.set(key, value)),
    ),
    delete: vi.fn(async (_store: string, key: string) => void data.delete(key)),
    clear: vi.fn(async () => {
      db.cleared++;
      data.clear();
    }),
    close: vi.fn(() => {
      db.closed++;
    }),
  };
  return db;
}

const hang = () => new Promise<never>(() => {});
const quota = () => Promise.reject(Object.assign(new Error("full"), { name: "QuotaExceededError" }));

describe("storage wrapper on IndexedDB", () => {
  it("stores, reads back, deletes and clears values", async () => {
    const storage = createStorage(fresh(), { log: quiet });
    await storage.set("cart", { items: [{ sku: "A", qty: 2 }] });
    await storage.set("token", "abc");
    expect(await storage.get("cart")).toEqual({ items: [{ sku: "A", qty: 2 }] });
    await storage.delete("token");
    expect(await storage.get("token")).toBeUndefined();
    await storage.clear();
    expect(await storage.get("cart")).toBeUndefined();
  });

  it("keeps the data for a second wrapper on the same database (a reload)", async () => {
    const name = fresh();
    await createStorage(name, { log: quiet }).set("hash", "h1");
    expect(await createStorage(name, { log: quiet }).get("hash")).toBe("h1");
  });
});

describe("storage wrapper rules", () => {
  it("a read not answering in time is logged, the connection recreated, and reads skip persistence after it", async () => {
    const log = vi.fn();
    const db = scriptedDatabase({ get: hang });
    const open = vi.fn(async () => db as unknown as StorageDatabase);
    const storage = createStorage(fresh(), { open, log, timeoutMs: 20 });
    expect(await storage.get("cart")).toBeUndefined();
    expect(log.mock.calls[0]?.[0]).toMatch(/did not answer within 20 ms; recreating/);
    expect(db.closed).toBe(1);
    expect(storage.status.reads).toBe(false);
    db.get.mockClear();
    expect(await storage.get("cart")).toBeUndefined();
    expect(db.get).not.toHaveBeenCalled();
    // Writes still work after one read error.
    await storage.set("cart", 1);
    expect(open).toHaveBeenCalledTimes(2);
    expect(db.data.get("cart")).toBe(1);
  });

  it("writes go on after a failure and skip persistence after 30 errors", async () => {
    const db = scriptedDatabase({ put: () => Promise.reject(new Error("broken")) });
    const storage = createStorage(fresh(), {
      open: async () => db as unknown as StorageDatabase,
      log: quiet,
    });
    for (let i = 0; i < MAX_WRITE_ERRORS - 1; i++) await storage.set("k", i);
    expect(storage.status.writes).toBe(true);
    await storage.set("k", "last");
    expect(storage.status.writes).toBe(false);
    expect(db.put).toHaveBeenCalledTimes(MAX_WRITE_ERRORS);
    await storage.set("k", "skipped");
    expect(db.put).toHaveBeenCalledTimes(MAX_WRITE_ERRORS);
  });

  it("a write not answering in time counts as a write error and recreates the connection", async () => {
    const db = scriptedDatabase({ put: hang });
    const open = vi.fn(async () => db as unknown as StorageDatabase);
    const storage = createStorage(fresh(), { open, log: quiet, timeoutMs: 10 });
    await storage.set("k", 1);
    expect(storage.status.writeErrors).toBe(1);
    expect(db.closed).toBe(1);
    await storage.get("k");
    expect(open).toHaveBeenCalledTimes(2);
  });

  it("a quota error clears the store and retries the write once", async () => {
    let calls = 0;
    const db = scriptedDatabase({
      put: (value, key) => (++calls === 1 ? quota() : Promise.resolve(db.data.set(key, value))),
    });
    db.data.set("old", "big");
    const storage = createStorage(fresh(), {
      open: async () => db as unknown as StorageDatabase,
      log: quiet,
    });
    await storage.set("cart", "new");
    expect(db.cleared).toBe(1);
    expect(db.data.get("old")).toBeUndefined();
    expect(db.data.get("cart")).toBe("new");
    expect(storage.status.writeErrors).toBe(0);
  });

  it("a second quota error counts as one write error, not an endless retry", async () => {
    const db = scriptedDatabase({ put: quota });
    const storage = createStorage(fresh(), {
      open: async () => db as unknown as StorageDatabase,
      log: quiet,
    });
    await storage.set("cart", "new");
    expect(db.put).toHaveBeenCalledTimes(2);
    expect(storage.status.writeErrors).toBe(1);
  });

  it("a failed open is tried again by the next operation", async () => {
    const db = scriptedDatabase({});
    let opens = 0;
    const storage = createStorage(fresh(), {
      log: quiet,
      open: async () => {
        if (++opens === 1) throw new Error("blocked");
        return db as unknown as StorageDatabase;
      },
    });
    await storage.set("k", 1);
    await storage.set("k", 2);
    expect(db.data.get("k")).toBe(2);
  });
});
