import { EventEmitter } from "node:events";
import type { CmsStory } from "@etalage/core";
import { describe, expect, it } from "vitest";
import type { CmsEventMap } from "../services/cms/cms-events.ts";
import { publishedStories } from "./published-stories.ts";

const story = (name: string) => ({ name, full_slug: "layout/menu" }) as unknown as CmsStory;

function setup(maxAgeMs = 10_000) {
  const events = new EventEmitter<CmsEventMap>();
  let clock = 0;
  let reads = 0;
  let answer: () => Promise<CmsStory | undefined> = async () => story(`read ${reads}`);
  const read = publishedStories(
    () => {
      reads++;
      return answer();
    },
    events,
    { maxAgeMs, now: () => clock },
  );
  return {
    read,
    events,
    reads: () => reads,
    tick: (ms: number) => {
      clock += ms;
    },
    answerWith: (next: () => Promise<CmsStory | undefined>) => {
      answer = next;
    },
  };
}

const publishNotice = { id: 1, uuid: "u", full_slug: "layout/menu", published: true, version: 2 };

describe("published stories for rendering", () => {
  it("reads a story once while nothing is published", async () => {
    const s = setup();
    const first = await s.read("layout/menu");
    expect(await s.read("layout/menu")).toBe(first);
    expect(s.reads()).toBe(1);
    await s.read("layout/footer");
    expect(s.reads()).toBe(2);
  });

  it("reads again after a publish notice, whichever story it names", async () => {
    const s = setup();
    await s.read("layout/menu");
    await s.read("home");
    s.events.emit("cms-published", publishNotice);
    expect((await s.read("home"))?.name).toBe("read 3");
    expect(s.reads()).toBe(3);
  });

  it("keeps an absent story absent until a publish, then finds it", async () => {
    const s = setup();
    s.answerWith(async () => undefined);
    expect(await s.read("categories/kleding")).toBeUndefined();
    expect(await s.read("categories/kleding")).toBeUndefined();
    expect(s.reads()).toBe(1);
    s.answerWith(async () => story("kleding"));
    s.events.emit("cms-published", { ...publishNotice, full_slug: "categories/kleding" });
    expect((await s.read("categories/kleding"))?.name).toBe("kleding");
  });

  it("reads again once a kept story is older than the longest age", async () => {
    const s = setup(1_000);
    await s.read("home");
    s.tick(999);
    await s.read("home");
    expect(s.reads()).toBe(1);
    s.tick(1);
    await s.read("home");
    expect(s.reads()).toBe(2);
  });

  it("keeps at most the number of stories it is given", async () => {
    const events = new EventEmitter<CmsEventMap>();
    let reads = 0;
    const read = publishedStories(
      async (slug) => {
        reads++;
        return story(slug);
      },
      events,
      { maxEntries: 2 },
    );
    await read("a");
    await read("b");
    await read("c");
    await read("c");
    expect(reads).toBe(3);
    await read("a");
    expect(reads).toBe(4);
  });

  it("does not keep a failed read", async () => {
    const s = setup();
    s.answerWith(async () => {
      throw new Error("database gone");
    });
    await expect(s.read("home")).rejects.toThrow("database gone");
    s.answerWith(async () => story("home"));
    expect((await s.read("home"))?.name).toBe("home");
    expect(s.reads()).toBe(2);
  });

  it("does not hand out a read that was in flight when a publish came", async () => {
    const s = setup();
    let finish: (value: CmsStory) => void = () => {};
    s.answerWith(() => new Promise((resolve) => (finish = resolve)));
    const inFlight = s.read("home");
    s.events.emit("cms-published", publishNotice);
    s.answerWith(async () => story("after publish"));
    const after = s.read("home");
    finish(story("before publish"));
    expect((await inFlight)?.name).toBe("before publish");
    expect((await after)?.name).toBe("after publish");
  });
});
