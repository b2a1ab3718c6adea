import type { CompareEntry } from "@etalage/core";
import { beforeAll, describe, expect, it } from "vitest";
import { addToCompareList } from "../../session/compare-store.ts";
import { emit } from "../../session/events.ts";
import "./compare-reactions.ts";

/** The browser's localStorage, as much of it as the compare store uses. */
const stored = new Map<string, string>();
beforeAll(() => {
  Object.assign(globalThis, {
    window: {
      localStorage: {
        getItem: (k: string) => stored.get(k) ?? null,
        setItem: (k: string, v: string) => void stored.set(k, v),
        removeItem: (k: string) => void stored.delete(k),
      },
      addEventListener: () => {},
    },
  });
});

const entry = (key: string, kind: string | null = "Overhemden"): CompareEntry => ({
  key,
  kind,
  name: key,
  href: `/p/${key}/x`,
  image: null,
  brand: null,
  price: 50,
  specialPrice: null,
  attributes: {},
  sizesInStock: null,
});

describe("the comparison in the browser", () => {
  it("is kept in localStorage, and logout clears it (transactional §4 Session)", async () => {
    expect(addToCompareList(entry("A")).ok).toBe(true);
    expect(addToCompareList(entry("B")).ok).toBe(true);
    expect(JSON.parse(stored.get("etalage/compare")!).map((e: CompareEntry) => e.key)).toEqual(["A", "B"]);
    expect(addToCompareList(entry("C", "Sneakers"))).toMatchObject({ ok: false, reason: "other-kind" });

    await emit("logout");
    expect(stored.has("etalage/compare")).toBe(false);
    expect(addToCompareList(entry("C", "Sneakers")).ok).toBe(true);
  });
});
