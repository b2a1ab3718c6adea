import { afterEach, describe, expect, it } from "vitest";
import { mayHoldOfflineOrders } from "./orders-database.ts";

const withIndexedDb = (value: unknown) =>
  Object.defineProperty(globalThis, "indexedDB", { value, configurable: true, writable: true });

describe("mayHoldOfflineOrders", () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "indexedDB");
  });

  it("is true only when the orders' database exists, so the watch loads only then", async () => {
    withIndexedDb({ databases: async () => [{ name: "etalage-cart", version: 1 }] });
    expect(await mayHoldOfflineOrders()).toBe(false);
    withIndexedDb({ databases: async () => [{ name: "etalage-orders", version: 1 }] });
    expect(await mayHoldOfflineOrders()).toBe(true);
  });

  it("assumes orders where the databases cannot be listed, and none without IndexedDB", async () => {
    withIndexedDb({});
    expect(await mayHoldOfflineOrders()).toBe(true);
    withIndexedDb({ databases: () => Promise.reject(new Error("blocked")) });
    expect(await mayHoldOfflineOrders()).toBe(true);
    Reflect.deleteProperty(globalThis, "indexedDB");
    expect(await mayHoldOfflineOrders()).toBe(false);
  });
});
