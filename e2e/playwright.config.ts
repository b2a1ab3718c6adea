import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, "..");

/**
 * Issue 15: every spec but the consent and newsletter ones starts as a visitor who already
 * refused cookies and saw the newsletter modal, so neither dialog covers what they test.
 */
export const ANSWERED_VISITOR = {
  cookies: [],
  origins: [
    {
      origin: `http://127.0.0.1:${port}`,
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
  workers: 1,
  retries: 0,
  reporter: process.env.E2E_JSON ? [["list"], ["json", { outputFile: process.env.E2E_JSON }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
    { name: "mobile", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
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
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      GTM_ID: E2E_GTM_ID,
      // Every shopper of the suite comes from 127.0.0.1: the per-address limits (account
      // creations, orders) would count the whole suite as one abuser. The API tests test them.
      RATE_LIMIT_ALLOW: "127.0.0.1",
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
