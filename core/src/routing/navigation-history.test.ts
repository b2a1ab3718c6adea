import { describe, expect, it } from "vitest";
import {
  NAVIGATION_HISTORY_LIMIT,
  parseNavigationHistory,
  previousPath,
  recordNavigation,
} from "./navigation-history.ts";

describe("navigation history (browsing §2: last 30 full paths)", () => {
  it("appends full paths, oldest first", () => {
    const history = recordNavigation(recordNavigation([], "/"), "/kleding/?color=49");
    expect(history).toEqual(["/", "/kleding/?color=49"]);
  });

  it("keeps only the last 30", () => {
    let history: readonly string[] = [];
    for (let i = 1; i <= 45; i++) history = recordNavigation(history, `/p${i}/`);
    expect(NAVIGATION_HISTORY_LIMIT).toBe(30);
    expect(history).toHaveLength(30);
    expect(history[0]).toBe("/p16/");
    expect(history.at(-1)).toBe("/p45/");
  });

  it("counts the same path twice in a row once, but not a return visit", () => {
    const same = recordNavigation(["/", "/kleding/"], "/kleding/");
    expect(same).toEqual(["/", "/kleding/"]);
    expect(recordNavigation(same, "/")).toEqual(["/", "/kleding/", "/"]);
  });

  it("a query is part of the path", () => {
    expect(recordNavigation(["/kleding/"], "/kleding/?page=2")).toEqual(["/kleding/", "/kleding/?page=2"]);
  });
});

describe("previous path", () => {
  it("is the entry before the current one", () => {
    expect(previousPath(["/", "/kleding/", "/schoenen/"])).toBe("/kleding/");
    expect(previousPath(["/"])).toBeUndefined();
    expect(previousPath([])).toBeUndefined();
  });

  it("works whether or not the current page has been recorded yet", () => {
    expect(previousPath(["/", "/kleding/"], "/schoenen/")).toBe("/kleding/");
    expect(previousPath(["/", "/kleding/", "/schoenen/"], "/schoenen/")).toBe("/kleding/");
  });
});

describe("reading a stored history", () => {
  it("keeps site paths only, at most 30", () => {
    expect(parseNavigationHistory(["/", 3, "https://evil.example/", "//evil.example/", "/kleding/"])).toEqual(
      ["/", "/kleding/"],
    );
    expect(parseNavigationHistory(Array.from({ length: 40 }, (_, i) => `/p${i}/`))).toHaveLength(30);
  });

  it("treats anything else as empty", () => {
    expect(parseNavigationHistory(null)).toEqual([]);
    expect(parseNavigationHistory({ 0: "/" })).toEqual([]);
  });
});
