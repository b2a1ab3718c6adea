import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { CmsEventMap } from "../services/cms/cms-events.ts";
import { contentMemo } from "./content-memo.ts";

function setup(maxAgeMs = 10_000) {
  const cms = new EventEmitter<CmsEventMap>();
  const rebuilt: (() => unknown)[] = [];
  let clock = 0;
  const memo = contentMemo(
    { cms, onCatalogRebuilt: (listener) => rebuilt.push(listener) },
    { maxAgeMs, now: () => clock },
  );
  let computed = 0;
  const compute = async () => `value ${++computed}`;
  return {
    memo,
    shell: () => memo("shell-blocks", compute),
    publish: () =>
      cms.emit("cms-published", { id: 1, uuid: "u", full_slug: "layout/menu", published: true, version: 2 }),
    rebuild: () => {
      for (const listener of rebuilt) listener();
    },
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe("values computed once per content and catalogue version", () => {
  it("computes once for every render while nothing changes, once per key", async () => {
    const s = setup();
    expect(await Promise.all([s.shell(), s.shell(), s.shell()])).toEqual(["value 1", "value 1", "value 1"]);
    expect(await s.memo("other", async () => "other")).toBe("other");
    expect(await s.shell()).toBe("value 1");
  });

  it("computes again after a publish or release and after a catalogue rebuild", async () => {
    const s = setup();
    expect(await s.shell()).toBe("value 1");
    s.publish();
    expect(await s.shell()).toBe("value 2");
    s.rebuild();
    expect(await s.shell()).toBe("value 3");
    expect(await s.shell()).toBe("value 3");
  });

  it("computes again once the longest reuse is over, in case a notice was lost", async () => {
    const s = setup(1000);
    await s.shell();
    s.tick(999);
    expect(await s.shell()).toBe("value 1");
    s.tick(1);
    expect(await s.shell()).toBe("value 2");
  });

  it("does not keep a failure: the next render computes again", async () => {
    const s = setup();
    await expect(s.memo("shell-blocks", () => Promise.reject(new Error("database away")))).rejects.toThrow();
    expect(await s.shell()).toBe("value 1");
  });

  it("past its bound drops the value used longest ago, not the shell's blocks every render uses", async () => {
    const cms = new EventEmitter<CmsEventMap>();
    const memo = contentMemo({ cms, onCatalogRebuilt: () => undefined }, { maxEntries: 3 });
    let computed = 0;
    const compute = (key: string) => memo(key, async () => `${key} ${++computed}`);
    expect(await compute("shell-blocks")).toBe("shell-blocks 1");
    expect(await compute("listing a")).toBe("listing a 2");
    expect(await compute("listing b")).toBe("listing b 3");
    expect(await compute("shell-blocks")).toBe("shell-blocks 1");
    // Full: "listing a" was used longest ago and goes.
    expect(await compute("listing c")).toBe("listing c 4");
    expect(await compute("shell-blocks")).toBe("shell-blocks 1");
    expect(await compute("listing b")).toBe("listing b 3");
    expect(await compute("listing a")).toBe("listing a 5");
  });
});
