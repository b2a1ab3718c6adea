import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, "..");

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
      // Issue 18: the operator approves a review in stores-reviews.spec.ts.
      ADMIN_TOKEN: "etalage-e2e-admin-token-0123456789",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
