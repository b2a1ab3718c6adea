/**
 * What a real vendor changes in the pages (issues 24 and 30): the preview in Storyblok's visual
 * editor — opened with Storyblok's own parameters, its bridge allowed and loaded, the page
 * frameable by Storyblok — and a page's CSP naming a configured Elevate cluster.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaceTokens } from "../src/providers/cms/builtin-cda.ts";
import { storyblokEditorToken } from "../src/providers/cms/storyblok.ts";
import { CMS_BASE, cmsEnv, createStory, editor, textPage } from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const SECRET = "vendor-pages-space-secret-0123456789abcdef";
const tokens = spaceTokens(SECRET);
let storyblok: TestServer;
let shop: TestServer;

beforeAll(async () => {
  storyblok = await startTestServer({
    storefront: false,
    vendor: true,
    env: { ...cmsEnv, CMS_PREVIEW_SECRET: SECRET },
  });
  shop = await startTestServer({
    env: {
      HTML_CACHE: "false",
      STORYBLOK_ACCESS_TOKEN: tokens.public,
      STORYBLOK_PREVIEW_TOKEN: tokens.preview,
      STORYBLOK_SPACE_ID: "1",
      STORYBLOK_API_URL: `${storyblok.url}${CMS_BASE}`,
      // The other server plays the cluster too: a cluster id would send every landing page to the internet.
      ELEVATE_CLUSTER_ID: storyblok.url,
    },
  });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await storyblok?.close();
});

function directive(csp: string | null, name: string): string | undefined {
  return csp?.split("; ").find((d) => d.startsWith(`${name} `));
}

describe("pages with real vendors", () => {
  it("shows Storyblok's draft in its visual editor, with the bridge allowed and the page frameable by Storyblok", async () => {
    const story = await createStory(storyblok, { html: "<p>Live</p>", publish: true });
    await editor(storyblok, "PUT", `/stories/${story.id}`, {
      content: textPage("<p>Concept uit Storyblok</p>"),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const query = new URLSearchParams({
      _storyblok: String(story.id),
      "_storyblok_tk[space_id]": "1",
      "_storyblok_tk[timestamp]": String(timestamp),
      "_storyblok_tk[token]": storyblokEditorToken(1, tokens.preview, timestamp),
      _storyblok_release: "0",
    });
    const res = await shop.get(`/storyblok?${query}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Concept uit Storyblok");
    expect(html).toContain("https://app.storyblok.com/f/storyblok-v2-latest.js");
    const csp = res.headers.get("content-security-policy");
    expect(directive(csp, "script-src")).toContain("https://app.storyblok.com");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'self' https://app.storyblok.com");

    query.set("_storyblok_tk[token]", storyblokEditorToken(1, "een-ander-token", timestamp));
    expect((await shop.get(`/storyblok?${query}`)).status).toBe(401);
  });

  it("lets only the preview be framed by Storyblok, and lets every page reach the Elevate cluster", async () => {
    const res = await shop.get("/");
    await res.text();
    const csp = res.headers.get("content-security-policy");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'self'");
    expect(directive(csp, "script-src")).not.toContain("storyblok");
    expect(directive(csp, "connect-src")).toContain(` ${storyblok.url}`);
  });
});
