/**
 * `npm run check-vendors` (issue 24 item 6) against the built-in emulators: with no vendor
 * configured it checks the shop's own Storyblok, Engage, Elevate and Adyen stand-ins; configured
 * as for the real vendors (pointed at those emulators) it checks them through the vendors' own
 * clients, and a wrong key or an unsigned webhook setting is named.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGAGE_API_BASE } from "../src/api/voyado-engage/route.ts";
import { checkVendors, runCli } from "../src/cli/check-vendors.ts";
import { loadConfig } from "../src/config.ts";
import { spaceTokens } from "../src/providers/cms/builtin-cda.ts";
import { passed } from "../src/services/vendor-checks/types.ts";
import { CMS_BASE } from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const SECRET = "check-vendors-cms-secret-0123456789abcdef";
let server: TestServer;
let base: NodeJS.ProcessEnv;

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { CMS_PREVIEW_SECRET: SECRET } });
  base = {
    DATA_DIR: server.services.config.dataDir,
    CMS_PREVIEW_SECRET: SECRET,
    PUBLIC_URL: server.url,
    LOG_LEVEL: "silent",
  };
});
afterAll(() => server?.close());

describe("npm run check-vendors", () => {
  it("checks every built-in emulator when no vendor is configured, and passes", async () => {
    const checks = await checkVendors(loadConfig(base), server.url);
    expect(checks.map((c) => [c.vendor, c.target, c.reached, c.credentials])).toEqual([
      ["Storyblok", "built-in", true, "valid"],
      ["Voyado Engage", "built-in", true, "valid"],
      ["Voyado Elevate", "built-in", true, "valid"],
      ["Adyen", "built-in", true, "valid"],
    ]);
    expect(checks.every(passed)).toBe(true);
    const lines: string[] = [];
    expect(
      await runCli(["--url", server.url], base, { out: (l) => lines.push(l), err: (l) => lines.push(l) }),
    ).toBe(0);
    expect(lines.filter((l) => l.startsWith("✓"))).toHaveLength(4);
  });

  it("checks the vendors as configured: reached, credentials, and Storyblok's signed webhook", async () => {
    const tokens = spaceTokens(SECRET);
    const vendors = {
      ...base,
      STORYBLOK_ACCESS_TOKEN: tokens.public,
      STORYBLOK_PREVIEW_TOKEN: tokens.preview,
      STORYBLOK_SPACE_ID: "1",
      STORYBLOK_API_URL: `${server.url}${CMS_BASE}`,
      STORYBLOK_WEBHOOK_SECRET: "webhook-secret",
      VOYADO_ENGAGE_URL: `${server.url}${ENGAGE_API_BASE}`,
      VOYADO_ENGAGE_API_KEY: server.services.engageApi.apiKey,
      ELEVATE_CLUSTER_ID: server.url,
      ELEVATE_API_KEY: server.services.elevatePaymentKey,
    };
    const [storyblok, engage, elevate] = await checkVendors(loadConfig(vendors), server.url);
    expect(storyblok).toMatchObject({ target: "vendor", reached: true, credentials: "valid" });
    // The test server reads its own CMS: its webhook says so, and the check names the setting.
    expect(storyblok!.webhook).toBe("not configured");
    expect(engage).toMatchObject({ target: "vendor", reached: true, credentials: "valid" });
    expect(elevate).toMatchObject({ target: "vendor", reached: true, credentials: "valid" });

    const wrong = await checkVendors(
      loadConfig({
        ...vendors,
        STORYBLOK_ACCESS_TOKEN: "verkeerd",
        VOYADO_ENGAGE_API_KEY: "verkeerd",
        ELEVATE_API_KEY: "verkeerd",
      }),
      server.url,
    );
    expect(wrong.slice(0, 3).map((c) => [c.vendor, c.reached, c.credentials])).toEqual([
      ["Storyblok", true, "invalid"],
      ["Voyado Engage", true, "invalid"],
      ["Voyado Elevate", true, "invalid"],
    ]);
    const down = await checkVendors(
      loadConfig({ ...vendors, VOYADO_ENGAGE_URL: "http://127.0.0.1:9/engage" }),
      server.url,
    );
    expect(down[1]).toMatchObject({ reached: false });
    expect(passed(down[1]!)).toBe(false);
  });
});
