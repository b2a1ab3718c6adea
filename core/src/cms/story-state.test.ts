import { describe, expect, it } from "vitest";
import { createStoryStore } from "./story-state.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("CMS story states", () => {
  it("is loading, then loaded", async () => {
    const answer = deferred<{ id: number } | undefined>();
    const store = createStoryStore(() => answer.promise);
    expect(store.state("home")).toEqual({ status: "idle" });
    const loading = store.load("home");
    expect(store.state("home")).toEqual({ status: "loading" });
    answer.resolve({ id: 1 });
    await expect(loading).resolves.toEqual({ id: 1 });
    expect(store.state("home")).toEqual({ status: "loaded", story: { id: 1 } });
  });

  it("does not request a story that is already loading", async () => {
    let calls = 0;
    const answer = deferred<string | undefined>();
    const store = createStoryStore(() => {
      calls++;
      return answer.promise;
    });
    const first = store.load("home");
    const second = store.load("home");
    expect(second).toBe(first);
    answer.resolve("story");
    await first;
    expect(calls).toBe(1);
  });

  it("returns a cached story without a request, and refreshes on demand", async () => {
    let calls = 0;
    const store = createStoryStore(async () => `v${++calls}`);
    await store.load("home");
    await expect(store.load("home")).resolves.toBe("v1");
    expect(calls).toBe(1);
    await expect(store.load("home", { refresh: true })).resolves.toBe("v2");
  });

  it("sets the error state (page-not-found) when the fetch finds no story", async () => {
    const seen: string[] = [];
    const store = createStoryStore(async () => undefined);
    store.subscribe((_, state) => seen.push(state.status));
    await expect(store.load("gone")).resolves.toBeUndefined();
    expect(store.state("gone")).toEqual({ status: "error", status404: true });
    expect(seen).toEqual(["loading", "error"]);
  });
});
