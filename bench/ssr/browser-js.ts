/**
 * The JavaScript a phone really downloads for a page before the shopper does anything: Debian's
 * Chromium through Playwright (it never downloads a browser), 390 px wide with touch, asking for
 * gzip only (what the figure is in), the page loaded until the network has been idle for
 * 500 ms, no pointer, key, touch or scroll. Every script response is counted as it came over the
 * wire (Chrome's `encodedDataLength`), the response headers apart. A chunk that loads only once
 * the shopper acts (docs/decisions/0007-storefront-speed.md) does not show here; one that loads
 * at hydration without being named in the document's preload links does.
 */
import { type Browser, chromium } from "playwright-core";

export interface BrowserJs {
  /** Compressed bytes of the scripts' bodies, as sent. */
  bodyBytes: number;
  /** The same with the response headers. */
  transferBytes: number;
  scripts: { file: string; encoding: string; bodyBytes: number }[];
}

/** Debian Chromium's flags for a quiet, measurable run (lighthouse/suite.ts adds headless). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium with a fresh profile of Playwright's (lighthouse/suite.ts starts it alike). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
}

export async function browserJavaScript(
  browser: Browser,
  url: string,
  /** Cookies of the visit, e.g. a filled cart's for `/checkout`. */
  cookies: { name: string; value: string }[] = [],
  /**
   * "block" leaves the service worker out: once installed it precaches every chunk of the shop,
   * which a slow enough page load counts as the page's own JavaScript.
   */
  serviceWorkers: "allow" | "block" = "allow",
): Promise<BrowserJs> {
  const context = await browser.newContext({
    serviceWorkers,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
  });
  if (cookies.length > 0) await context.addCookies(cookies.map((c) => ({ ...c, url })));
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    // Chrome otherwise asks for br and zstd too; the figure is the gzip one.
    await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "gzip" } });
    const scripts = new Map<string, { file: string; encoding: string }>();
    const headerBytes = new Map<string, number>();
    const encoded = new Map<string, number>();
    cdp.on("Network.responseReceived", (event) => {
      if (event.type !== "Script") return;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      scripts.set(event.requestId, {
        file: new URL(event.response.url).pathname,
        encoding: headers["content-encoding"] ?? "identity",
      });
    });
    cdp.on("Network.responseReceivedExtraInfo", (event) => {
      headerBytes.set(event.requestId, event.headersText?.length ?? 0);
    });
    cdp.on("Network.loadingFinished", (event) => encoded.set(event.requestId, event.encodedDataLength));
    await page.goto(url, { waitUntil: "networkidle" });
    const rows = [...scripts].map(([id, script]) => {
      const transfer = encoded.get(id) ?? 0;
      return { ...script, transfer, bodyBytes: transfer - (headerBytes.get(id) ?? 0) };
    });
    return {
      bodyBytes: rows.reduce((sum, row) => sum + row.bodyBytes, 0),
      transferBytes: rows.reduce((sum, row) => sum + row.transfer, 0),
      scripts: rows.map(({ file, encoding, bodyBytes }) => ({ file, encoding, bodyBytes })),
    };
  } finally {
    await context.close();
  }
}
