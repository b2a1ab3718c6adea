import { describe, expect, it } from "vitest";
import { describeUserAgent, passkeyName } from "./passkey.ts";

const AGENTS: [string, string | null][] = [
  [
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "Chrome (Android)",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Safari (iPhone)",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
    "Chrome (iPhone)",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Edge (Windows)",
  ],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox (Mac)"],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    "Safari (Mac)",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
    "Samsung Internet (Android)",
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/114.0.0.0",
    "Opera (Linux)",
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "Chrome (Linux)",
  ],
  ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101", "Linux"],
  ["curl/8.5.0", null],
  ["", null],
];

describe("a passkey's name", () => {
  it.each(AGENTS)("recognises %s", (agent, expected) => {
    expect(describeUserAgent(agent)).toBe(expected);
  });

  it("says the browser and the shop's date in Dutch", () => {
    // 23:30 UTC on 25 November is already 26 November in Amsterdam.
    const at = new Date("2026-11-25T23:30:00Z");
    expect(passkeyName(AGENTS[0]![0], at)).toBe("Passkey op Chrome (Android), 26-11-2026");
    expect(passkeyName(undefined, at)).toBe("Passkey van 26-11-2026");
  });

  it("stays within 100 characters", () => {
    expect(passkeyName("x".repeat(5000), new Date()).length).toBeLessThanOrEqual(100);
  });
});
