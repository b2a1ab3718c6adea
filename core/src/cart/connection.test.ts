import { describe, expect, it } from "vitest";
import {
  afterConnectResponse,
  afterPullResponse,
  CHECKOUT_ACTIVE_WINDOW_MS,
  checkCartTask,
  forceClientStateFor,
  isUserInCheckout,
  MAX_CART_BYPASS_ATTEMPTS,
  shouldSync,
} from "./connection.ts";

describe("server cart connection (transactional §4)", () => {
  it("connects on 200", () => {
    expect(afterConnectResponse(200, 0)).toEqual({ action: "connected", bypassCount: 0 });
  });

  it("retries a 401 as a guest cart once, then disables sync", () => {
    expect(MAX_CART_BYPASS_ATTEMPTS).toBe(1);
    const first = afterConnectResponse(401, 0);
    expect(first).toEqual({ action: "retry-as-guest", bypassCount: 1 });
    expect(afterConnectResponse(401, first.bypassCount)).toEqual({ action: "disable-sync", bypassCount: 1 });
  });

  it("disables sync on another error", () => {
    expect(afterConnectResponse(500, 0).action).toBe("disable-sync");
  });

  it("merges a pulled cart, else reconnects as guest up to the bypass maximum", () => {
    expect(afterPullResponse(200, 1)).toEqual({ action: "merge" });
    expect(afterPullResponse(404, 0)).toEqual({ action: "reconnect-as-guest", bypassCount: 1 });
    expect(afterPullResponse(401, 1)).toEqual({ action: "disable-sync", bypassCount: 1 });
  });
});

describe("shouldSync", () => {
  const state = { syncEnabled: true, connected: true, itemsHash: "h2", syncedHash: "h1", lastSyncDate: 1 };
  it.each([
    ["hash changed", state, false, true],
    ["hash unchanged", { ...state, itemsHash: "h1" }, false, false],
    ["hash unchanged but forced", { ...state, itemsHash: "h1" }, true, true],
    ["no sync yet", { ...state, itemsHash: "h1", lastSyncDate: null }, false, true],
    ["no stored hash", { ...state, syncedHash: null }, false, true],
    ["not connected", { ...state, connected: false }, true, false],
    ["sync disabled", { ...state, syncEnabled: false }, true, false],
  ])("%s", (_, s, forced, expected) => {
    expect(shouldSync(s, forced)).toBe(expected);
  });
});

describe("checkout window and forced state", () => {
  it("counts a checkout modified in the last 30 minutes as in checkout", () => {
    const now = 10_000_000;
    expect(isUserInCheckout(now - CHECKOUT_ACTIVE_WINDOW_MS, now)).toBe(true);
    expect(isUserInCheckout(now - CHECKOUT_ACTIVE_WINDOW_MS - 1, now)).toBe(false);
    expect(isUserInCheckout(undefined, now)).toBe(false);
    expect(forceClientStateFor(false, true)).toBe(true);
    expect(forceClientStateFor(false, false)).toBe(false);
  });
});

describe("checkCartTask", () => {
  it("refuses a task needing a cart id when there is none", () => {
    expect(checkCartTask("/api/ext/tritonx/cart/pull?cartId={{cartId}}", null).ok).toBe(false);
    expect(checkCartTask("/api/ext/tritonx/cart/pull?cartId={{cartId}}", "abc")).toEqual({ ok: true });
    expect(checkCartTask("/api/stock/check?sku=A", null)).toEqual({ ok: true });
  });
});
