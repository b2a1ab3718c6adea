import { afterEach, describe, expect, it, vi } from "vitest";
import { emit, on, type ShopperEvent, type ShopperEvents } from "./events.ts";

const subscriptions: (() => void)[] = [];
function listen<E extends ShopperEvent>(event: E, listener: (payload: ShopperEvents[E]) => unknown): void {
  subscriptions.push(on(event, listener));
}

afterEach(() => {
  for (const off of subscriptions.splice(0)) off();
  vi.restoreAllMocks();
});

describe("the shopper's events", () => {
  it("reach every listener of that event, in the order they subscribed, with the payload", async () => {
    const heard: string[] = [];
    listen("store-chosen", ({ storeId }) => heard.push(`first ${storeId}`));
    listen("store-chosen", ({ storeId }) => heard.push(`second ${storeId}`));
    listen("favorite-changed", () => heard.push("not this one"));
    await emit("store-chosen", { storeId: "amsterdam" });
    expect(heard).toEqual(["first amsterdam", "second amsterdam"]);
  });

  it("stop reaching a listener that unsubscribed", async () => {
    const heard: boolean[] = [];
    const off = on("favorite-changed", ({ on: favorite }) => heard.push(favorite));
    await emit("favorite-changed", { key: "OVH1121", on: true });
    off();
    await emit("favorite-changed", { key: "OVH1121", on: false });
    expect(heard).toEqual([true]);
  });

  it("settle once every listener's promise has, so a caller can wait for the reactions", async () => {
    let done = false;
    listen("session-given-up", async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done = true;
    });
    await emit("session-given-up");
    expect(done).toBe(true);
  });

  it("go on to the other listeners when one throws or rejects, and say so in the console", async () => {
    const console = vi.spyOn(globalThis.console, "error").mockImplementation(() => {});
    const heard: string[] = [];
    listen("logout", () => {
      throw new Error("a broken reaction");
    });
    listen("logout", () => Promise.reject(new Error("a failed reaction")));
    listen("logout", () => heard.push("still heard"));
    await expect(emit("logout")).resolves.toBeUndefined();
    expect(heard).toEqual(["still heard"]);
    expect(console).toHaveBeenCalledTimes(2);
  });

  it("with no listener, settle at once", async () => {
    await expect(emit("cart-viewed", { items: [] })).resolves.toBeUndefined();
  });
});
