import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDecayed,
  type Decayed,
  decayedScore,
  POPULARITY_HALF_LIFE_MS,
  pushRecent,
  sessionPartners,
  topKeys,
} from "./learning.ts";

const DAY = 24 * 3_600_000;
const H = POPULARITY_HALF_LIFE_MS;

describe("decay", () => {
  it("halves a score per half-life and never grows it back in time", () => {
    expect(decayedScore({ score: 8, at: 0 }, H, H)).toBeCloseTo(4);
    expect(decayedScore({ score: 8, at: 0 }, 3 * H, H)).toBeCloseTo(1);
    expect(decayedScore({ score: 8, at: 10 * DAY }, 0, H)).toBe(8);
  });

  it("adds a later event on top of the faded score", () => {
    const entry = addDecayed({ score: 4, at: 0 }, 1, H, H);
    expect(entry).toEqual({ score: 3, at: H });
  });

  it("gives the same total whatever order the events arrive in", () => {
    const event = fc.record({
      weight: fc.integer({ min: 1, max: 10 }),
      at: fc.integer({ min: 0, max: 60 * DAY }),
    });
    fc.assert(
      fc.property(
        fc.array(event, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (events, seed) => {
          const shuffled = [...events].sort((a, b) => ((a.at * 31 + seed) % 97) - ((b.at * 31 + seed) % 97));
          const fold = (list: typeof events) =>
            list.reduce<Decayed | undefined>((e, x) => addDecayed(e, x.weight, x.at, H), undefined)!;
          const now = 70 * DAY;
          expect(decayedScore(fold(shuffled), now, H)).toBeCloseTo(decayedScore(fold(events), now, H), 6);
        },
      ),
    );
  });

  it("ranks a recent bestseller above an old one with more sales", () => {
    let old: Decayed | undefined;
    for (let i = 0; i < 10; i++) old = addDecayed(old, 10, 0, H);
    let recent: Decayed | undefined;
    for (let i = 0; i < 4; i++) recent = addDecayed(recent, 10, 60 * DAY, H);
    expect(decayedScore(recent!, 61 * DAY, H)).toBeGreaterThan(decayedScore(old!, 61 * DAY, H));
  });
});

describe("session partners", () => {
  it("are the last distinct others, nearest first, never the product itself", () => {
    expect(sessionPartners(["a", "b", "a", "c", "d"], "d", 3)).toEqual(["c", "a", "b"]);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b", "c", "d", "e"), { maxLength: 30 }),
        fc.constantFrom("a", "b"),
        (history, key) => {
          const partners = sessionPartners(history, key, 3);
          expect(partners).not.toContain(key);
          expect(new Set(partners).size).toBe(partners.length);
          expect(partners.length).toBeLessThanOrEqual(3);
        },
      ),
    );
  });
});

describe("recently viewed", () => {
  it("moves a product seen again to the end and keeps the newest", () => {
    expect(pushRecent(["a", "b", "c"], "a", 3)).toEqual(["b", "c", "a"]);
    expect(pushRecent(["a", "b", "c"], "d", 3)).toEqual(["b", "c", "d"]);
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 2 }), { maxLength: 40 }), (keys) => {
        const list = keys.reduce<string[]>((l, k) => pushRecent(l, k, 5), []);
        expect(list.length).toBeLessThanOrEqual(5);
        expect(new Set(list).size).toBe(list.length);
        if (keys.length > 0) expect(list.at(-1)).toBe(keys.at(-1));
      }),
    );
  });
});

describe("top keys", () => {
  it("sorts by score, breaks ties by key, skips excluded and non-positive", () => {
    const scores: [string, number][] = [
      ["b", 2],
      ["a", 2],
      ["c", 5],
      ["d", 0],
      ["e", 9],
    ];
    expect(topKeys(scores, 3, new Set(["e"]))).toEqual(["c", "a", "b"]);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.string({ maxLength: 3 }), fc.double({ min: -5, max: 5, noNaN: true })), {
          selector: ([key]) => key,
        }),
        fc.nat(10),
        (s, k) => {
          const top = topKeys(s, k);
          expect(top.length).toBeLessThanOrEqual(k);
          const score = new Map(s);
          for (let i = 1; i < top.length; i++)
            expect(score.get(top[i - 1]!)!).toBeGreaterThanOrEqual(score.get(top[i]!)!);
        },
      ),
    );
  });
});
