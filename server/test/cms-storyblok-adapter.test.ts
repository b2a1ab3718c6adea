/**
 * The shop on Storyblok (issue 24 item 4): a second Etalage plays Storyblok with its built-in
 * CMS's Content Delivery API, and the shop, configured with STORYBLOK_* as for the real one,
 * reads menus, pages, drafts and releases from it through storyblok-js-client, checks the visual
 * editor's `_storyblok_tk` token, and takes Storyblok's signed publish webhook.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storyblokSignature } from "../src/api/cms/storyblok-webhook.ts";
import { loadConfig } from "../src/config.ts";
import { spaceTokens } from "../src/providers/cms/builtin-cda.ts";
import { type StoryblokCms, storyblokEditorToken } from "../src/providers/cms/storyblok.ts";
import { CMS_BASE, cmsEnv, createStory, editor, getJson, textPage, uniqueSlug } from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const SECRET = "storyblok-test-space-secret-0123456789abcdef";
const WEBHOOK_SECRET = "webhook-secret-of-the-space";
const tokens = spaceTokens(SECRET);
let storyblok: TestServer;
let shop: TestServer;
let cdaReads = 0;

beforeAll(async () => {
  storyblok = await startTestServer({
    storefront: false,
    vendor: true,
    env: { ...cmsEnv, CMS_PREVIEW_SECRET: SECRET },
  });
  // Count the reads "Storyblok" answers (its own objects: on PostgreSQL both servers share one database).
  const cda = storyblok.services.builtinCms.cda;
  const [story, stories] = [cda.story.bind(cda), cda.stories.bind(cda)];
  cda.story = (...args) => {
    cdaReads++;
    return story(...args);
  };
  cda.stories = (...args) => {
    cdaReads++;
    return stories(...args);
  };
  shop = await startTestServer({
    storefront: false,
    env: {
      STORYBLOK_ACCESS_TOKEN: tokens.public,
      STORYBLOK_PREVIEW_TOKEN: tokens.preview,
      STORYBLOK_SPACE_ID: "1",
      STORYBLOK_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STORYBLOK_API_URL: `${storyblok.url}${CMS_BASE}`,
    },
  });
});
afterAll(async () => {
  await shop?.close();
  await storyblok?.close();
});

const adapter = () => shop.services.cms as StoryblokCms;

function webhook(body: object, signature?: string) {
  const raw = JSON.stringify(body);
  return fetch(`${shop.url}${CMS_BASE}/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(signature === undefined ? {} : { "webhook-signature": signature }),
    },
    body: raw,
  });
}

describe("the shop on Storyblok", () => {
  it("reads published stories from Storyblok's delivery API, not from its own CMS", async () => {
    expect(shop.services.cms.kind).toBe("storyblok");
    const story = await createStory(storyblok, { html: "<p>Uit Storyblok</p>", publish: true });
    const before = cdaReads;
    const read = await getJson(shop, `${CMS_BASE}/story/${story.full_slug}`);
    expect(read.status).toBe(200);
    expect(read.body.result.story.content.body[0].text).toBe("<p>Uit Storyblok</p>");
    expect(cdaReads).toBeGreaterThan(before);
    const byUuid = await getJson(shop, `${CMS_BASE}/get-by-uuid?uuid=${story.uuid}`);
    expect(byUuid.body.result.stories.map((s: { id: number }) => s.id)).toEqual([story.id]);
    expect((await getJson(shop, `${CMS_BASE}/story/nergens/te/vinden`)).status).toBe(404);
  });

  it("serves CMS pages and blocks from Storyblok to the catalogue's cms-data", async () => {
    const slug = uniqueSlug("pagina");
    await createStory(storyblok, { slug, html: "<p>Over ons</p>", publish: true });
    const doc = await getJson(shop, `/api/ext/cms-data/cmsPage/${slug}`);
    expect(doc.status).toBe(200);
    expect(doc.body.result).toMatchObject({ identifier: slug, is_active: true });
  });

  it("checks the visual editor's token: sha1(space_id:preview_token:timestamp), fresh", async () => {
    const story = await createStory(storyblok, { publish: true });
    const now = Math.floor(Date.now() / 1000);
    const check = (timestamp: number, token: string, spaceId = 1) =>
      shop.get(
        `${CMS_BASE}/validate-editor/?id=${story.id}&spaceId=${spaceId}&timestamp=${timestamp}&token=${token}`,
      );
    expect((await check(now, storyblokEditorToken(1, tokens.preview, now))).status).toBe(200);
    const old = now - 7200;
    expect((await check(old, storyblokEditorToken(1, tokens.preview, old))).status).toBe(401);
    expect((await check(now, storyblokEditorToken(1, "another-token", now))).status).toBe(401);
    expect((await check(now, storyblokEditorToken(2, tokens.preview, now), 2)).status).toBe(401);
  });

  it("reads a draft and a release's version with the space's preview token", async () => {
    const story = await createStory(storyblok, { html: "<p>Live</p>", publish: true });
    await editor(storyblok, "PUT", `/stories/${story.id}`, { content: textPage("<p>In de release</p>") });
    const release = await editor(storyblok, "POST", "/releases", {
      name: "Voorjaar",
      items: [{ story_id: story.id }],
    });
    await editor(storyblok, "PUT", `/stories/${story.id}`, { content: textPage("<p>Concept</p>") });
    const draft = await shop.services.cms.cdnStory(String(story.id), { version: "draft" });
    expect(draft.ok && draft.story.content).toMatchObject({ body: [{ text: "<p>Concept</p>" }] });
    const inRelease = await shop.services.cms.cdnStory(String(story.id), {
      version: "draft",
      releaseId: release.body.result.release.id,
    });
    expect(inRelease.ok && inRelease.story.content).toMatchObject({
      body: [{ text: "<p>In de release</p>" }],
    });
    const live = await shop.services.cms.story(story.full_slug);
    expect(live?.content).toMatchObject({ body: [{ text: "<p>Live</p>" }] });
  });

  it("takes a signed publish webhook, refuses an unsigned one, and reads Storyblok's new cache version", async () => {
    const story = await createStory(storyblok, { publish: false });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await editor(storyblok, "POST", `/stories/${story.id}/publish`);
    const current = await storyblok.services.builtinCms.cda.contentVersion();
    expect(adapter().cacheVersion()).not.toBe(current);
    const body = {
      text: "published",
      action: "published",
      space_id: 1,
      story_id: story.id,
      full_slug: story.full_slug,
    };
    expect((await webhook(body)).status).toBe(401);
    expect((await webhook(body, storyblokSignature("wrong", JSON.stringify(body)))).status).toBe(401);
    const published = new Promise((resolve) => shop.services.cms.events.once("cms-published", resolve));
    const res = await webhook(body, storyblokSignature(WEBHOOK_SECRET, JSON.stringify(body)));
    expect(res.status).toBe(200);
    expect(await published).toMatchObject({ full_slug: story.full_slug, published: true });
    for (let i = 0; i < 100 && adapter().cacheVersion() !== current; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(adapter().cacheVersion()).toBe(current);
  });

  it("refuses to start with a preview token but no space id, naming the setting", () => {
    expect(() =>
      loadConfig({ STORYBLOK_ACCESS_TOKEN: "a", STORYBLOK_PREVIEW_TOKEN: "b" } as NodeJS.ProcessEnv),
    ).toThrow(/STORYBLOK_SPACE_ID/);
  });
});
