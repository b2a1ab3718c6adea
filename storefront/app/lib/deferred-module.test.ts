import { describe, expect, it } from "vitest";
import { deferredModule, serverModulesLoaded } from "./deferred-module.ts";

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("serverModulesLoaded (server-side)", () => {
  it("settles only once every deferred module has loaded, those a loaded chunk declares included", async () => {
    expect(import.meta.env.SSR).toBe(true);
    const order: string[] = [];
    deferredModule(async () => {
      await later(null, 20);
      order.push("page");
      // The page's chunk declares a part of its own when it is evaluated, as product-page.tsx does.
      deferredModule(async () => {
        await later(null, 20);
        order.push("part");
        return {};
      });
      return {};
    });
    await serverModulesLoaded();
    order.push("settled");
    expect(order).toEqual(["page", "part", "settled"]);
  });

  it("settles even when a module failed to load (the render shows its fallback)", async () => {
    deferredModule(() => Promise.reject(new Error("chunk missing")));
    await expect(serverModulesLoaded()).resolves.toBeUndefined();
  });
});
