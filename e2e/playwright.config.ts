import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, "..");
/**
 * The shop's own address in the suite: a name, not 127.0.0.1, because browsers refuse an IP
 * address as a passkey's relying party, and with PUBLIC_URL set the shop sends every other host
 * name to this one (issue 23). Chromium resolves localhost to the 127.0.0.1 the server binds.
 */
export const E2E_ORIGIN = `http://localhost:${port}`;

/**
 * Issue 15: every spec but the consent and newsletter ones starts as a visitor who already
 * refused cookies and saw the newsletter modal, so neither dialog covers what they test.
 */
export const ANSWERED_VISITOR = {
  cookies: [],
  origins: [
    {
      origin: E2E_ORIGIN,
      localStorage: [
        {
          name: "etalage-consent",
          value: JSON.stringify({ analytics: false, marketing: false, version: 1, at: Date.now() }),
        },
        { name: "etalage-newsletter-modal-shown", value: "1" },
      ],
    },
  ],
};
/** The e2e shop's container id; gtm.js itself is answered by a stub in the specs. */
export const E2E_GTM_ID = "GTM-E2ETEST";
export const E2E_ADMIN_TOKEN = "etalage-e2e-admin-token-0123456789";

const MOBILE_SAME_AS_DESKTOP = [
  "routing",
  "stores-reviews",
  "shell",
  "seo",
  "search-short",
  "privacy-statement",
  "passkeys",
  "cart-engine-loading",
  "analytics-journey",
  // The link crawl, the CMS editor's preview, the on-demand chunks, offline orders and the
  // checkout's stock, billing and gift-card rules are the same at any width; the purchase, the
  // product, listings, menus, search and the modals keep their phone runs.
  "links",
  "cms",
  "on-demand",
  "offline-orders",
  "checkout-stock",
  "checkout-billing",
  "gift-card",
  // Issue 27 item 5 (CI under 30 minutes): journeys whose pages have no phone layout of their own
  // beyond what the specs above cover at 390 px (the account's saved addresses at checkout, the
  // offline worker, favourites and recommendations, the comparison table, the listing's details).
  "checkout-customer",
  "offline",
  "customer-favorites",
  "compare",
  "browse-details",
  // The back office is a desktop tool (issue 25).
  "back-office-staff",
  "back-office-orders",
  "back-office-webhooks",
];

/**
 * The e2e suite drives Debian's Chromium (Playwright cannot download browsers here) against the
 * production build, on a throw-away data folder seeded with the demo catalogue.
 */
export default defineConfig({
  testDir: "tests",
  outputDir: "test-results",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  // One spec file at a time: on 2 cores a second Chromium made every test slower (load 11, no
  // gain in tests per minute) and the waits of the checkout journeys ran out. E2E_WORKERS=2 on a
  // bigger machine: every spec makes its own customers, carts and products.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  reporter: process.env.E2E_JSON ? [["list"], ["json", { outputFile: process.env.E2E_JSON }]] : "list",
  use: {
    baseURL: E2E_ORIGIN,
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    trace: "off",
    // A service worker serves chunks and pages from its cache, which page.route() and a test
    // holding a chunk never see: specs test the network unless they ask for the worker
    // (offline.spec.ts does, with `serviceWorkers: "allow"`).
    serviceWorkers: "block",
    storageState: ANSWERED_VISITOR,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "mobile",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // Journeys with nothing of their own on a phone (routing, SEO tags, the API-driven review
      // and passkey flows, the analytics payloads) run at 1280 px only: every minute of the
      // browser suite is a minute of every CI run.
      testIgnore: MOBILE_SAME_AS_DESKTOP.map((spec) => `**/${spec}.spec.ts`),
    },
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `node ${process.env.E2E_SERVER_ENTRY ?? path.join(root, "server/dist/main.js")}`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(root, ".data-e2e"),
      LOG_LEVEL: "warn",
      CMS_EDITOR_TOKEN: "etalage-e2e-editor-token-0123456789",
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      PUBLIC_URL: E2E_ORIGIN,
      GTM_ID: E2E_GTM_ID,
      // Every shopper of the suite comes from 127.0.0.1: the per-address limits (account
      // creations, orders) would count the whole suite as one abuser. The API tests test them.
      RATE_LIMIT_ALLOW: "127.0.0.1",
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
