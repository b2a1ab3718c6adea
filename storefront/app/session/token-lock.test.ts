import { MAX_REFRESH_ATTEMPTS, TOKEN_RETRY_MS } from "@etalage/core";
import { describe, expect, it, vi } from "vitest";
import { createTokenLock, type RefreshOutcome } from "./token-lock.ts";

/** A refresh the test answers when it likes, to look at the calls waiting meanwhile. */
function pendingRefresh() {
  let answer: (outcome: RefreshOutcome) => void = () => {};
  const refresh = vi.fn(() => new Promise<RefreshOutcome>((resolve) => (answer = resolve)));
  return { refresh, answer: (outcome: RefreshOutcome) => answer(outcome) };
}

describe("token lock", () => {
  it("holds calls while one refresh runs, retrying every 1000 ms, then lets them go", async () => {
    const { refresh, answer } = pendingRefresh();
    const waits: number[] = [];
    const lock = createTokenLock({
      refresh,
      giveUp: vi.fn(),
      wait: async (ms) => {
        waits.push(ms);
        if (waits.length === 3) answer("refreshed");
        await Promise.resolve();
      },
    });
    const first = lock.unauthorised();
    expect(lock.state()).toEqual({ lock: 1, attempts: 1 });
    // A second 401 and a queued cart task meanwhile: no second refresh, both wait.
    const second = lock.unauthorised();
    const task = lock.ready();
    expect(await Promise.all([first, second, task])).toEqual([true, true, true]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(new Set(waits)).toEqual(new Set([TOKEN_RETRY_MS]));
    // The attempt counter resets on success (VSF1 bug #5713).
    expect(lock.state()).toEqual({ lock: 0, attempts: 0 });
  });

  it("a refused refresh gives up once: lock -1, later calls aborted", async () => {
    const giveUp = vi.fn();
    const lock = createTokenLock({ refresh: async () => "refused", giveUp, wait: async () => {} });
    expect(await lock.unauthorised()).toBe(false);
    expect(lock.state().lock).toBe(-1);
    expect(giveUp).toHaveBeenCalledTimes(1);
    expect(await lock.ready()).toBe(false);
    expect(await lock.unauthorised()).toBe(false);
    expect(giveUp).toHaveBeenCalledTimes(1);
    lock.loggedIn();
    expect(await lock.ready()).toBe(true);
    expect(lock.state()).toEqual({ lock: 0, attempts: 0 });
  });

  it("an unreachable refresh keeps the login but counts; too many attempts give up", async () => {
    const giveUp = vi.fn();
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => "unreachable");
    const lock = createTokenLock({ refresh, giveUp, wait: async () => {} });
    for (let attempt = 1; attempt <= MAX_REFRESH_ATTEMPTS; attempt++) {
      expect(await lock.unauthorised()).toBe(false);
      expect(lock.state()).toEqual({ lock: 0, attempts: attempt });
    }
    expect(giveUp).not.toHaveBeenCalled();
    expect(await lock.unauthorised()).toBe(false);
    expect(refresh).toHaveBeenCalledTimes(MAX_REFRESH_ATTEMPTS);
    expect(giveUp).toHaveBeenCalledTimes(1);
    expect(lock.state().lock).toBe(-1);
  });

  it("a refresh that throws counts as unreachable, not as a crash", async () => {
    const lock = createTokenLock({
      refresh: () => Promise.reject(new Error("offline")),
      giveUp: vi.fn(),
      wait: async () => {},
    });
    expect(await lock.unauthorised()).toBe(false);
    expect(lock.state()).toEqual({ lock: 0, attempts: 1 });
  });
});
