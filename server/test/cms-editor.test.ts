/** The CMS editor API: auth, draft versions, publishing, validation with block paths, import. */
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CmsPublishedEvent } from "../src/services/cms/cms-events.ts";
import {
  CMS_BASE,
  cmsEnv,
  createStory,
  editor,
  getJson,
  type Json,
  textPage,
  uniqueSlug,
} from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: cmsEnv });
});
afterAll(() => server?.close());

const published = (slug: string) => getJson(server, `${CMS_BASE}/story/${slug}`);

describe("editor API authentication", () => {
  it("answers 401 without a token, with a wrong one, and for every route", async () => {
    for (const token of [null, "wrong-token-wrong-token", ""]) {
      const res = await editor(server, "GET", "/stories", undefined, token);
      expect(res.status).toBe(401);
      expect(res.body.result).toMatch(/bearer token/);
    }
    const write = await editor(server, "POST", "/stories", { name: "x" }, null);
    expect(write.status).toBe(401);
    const release = await editor(server, "POST", "/releases/1/publish", undefined, "nope");
    expect(release.status).toBe(401);
  });

  it("is closed when CMS_EDITOR_TOKEN is not set, with the answer a wrong token gets", async () => {
    const closed = await startTestServer({ storefront: false, env: { CMS_EDITOR_TOKEN: "" } });
    try {
      const res = await editor(closed, "GET", "/stories");
      expect(res.status).toBe(401);
      // Neutral: a stranger cannot tell an unconfigured editor API from a wrong token.
      expect(res.body).toEqual({ code: 401, result: "authorization: a valid bearer token is required" });
      const wrong = await fetch(`${server.url}/api/ext/vsf-storyblok-extension/editor/stories`, {
        headers: { authorization: "Bearer wrong-token-wrong-token" },
      });
      expect(await wrong.json()).toEqual(res.body);
    } finally {
      await closed.close();
    }
  });
});

describe("versions", () => {
  it("keeps every draft save as a numbered version; publish copies the draft", async () => {
    const story = await createStory(server, { html: "<p>Versie 1</p>" });
    expect((await published(story.full_slug)).status).toBe(404);

    for (const n of [2, 3]) {
      const saved = await editor(server, "PUT", `/stories/${story.id}`, {
        content: textPage(`<p>Versie ${n}</p>`),
      });
      expect(saved.status).toBe(200);
      expect(saved.body.result.story.version).toBe(n);
    }
    const versions = await editor(server, "GET", `/stories/${story.id}/versions`);
    expect(versions.body.result.versions.map((v: Json) => v.version)).toEqual([3, 2, 1]);

    const live = await editor(server, "POST", `/stories/${story.id}/publish`);
    expect(live.status).toBe(200);
    expect(live.body.result.story.version).toBe(3);
    const pub = await published(story.full_slug);
    expect(pub.body.result.story.content.body[0].text).toBe("<p>Versie 3</p>");
    expect(pub.body.result.story.published_at).toBeTruthy();

    // A later draft save leaves the published story alone.
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>Versie 4</p>") });
    expect((await published(story.full_slug)).body.result.story.content.body[0].text).toBe("<p>Versie 3</p>");
    const state = await editor(server, "GET", `/stories/${story.id}`);
    expect(state.body.result.state).toMatchObject({
      state: "changed",
      draft_version: 4,
      published_version: 3,
    });

    // An older version can be published again, and read back.
    await editor(server, "POST", `/stories/${story.id}/publish`, { version: 1 });
    expect((await published(story.full_slug)).body.result.story.content.body[0].text).toBe("<p>Versie 1</p>");
    const v2 = await editor(server, "GET", `/stories/${story.id}/versions/2`);
    expect(v2.body.result.story.content.body[0].text).toBe("<p>Versie 2</p>");
    expect((await editor(server, "GET", `/stories/${story.id}/versions/99`)).status).toBe(404);
  });

  it("refuses a save over a newer draft (expected_version) with 409", async () => {
    const story = await createStory(server);
    const ok = await editor(server, "PUT", `/stories/${story.id}`, { name: "Nieuw", expected_version: 1 });
    expect(ok.status).toBe(200);
    const stale = await editor(server, "PUT", `/stories/${story.id}`, { name: "Oud", expected_version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.result).toMatch(/^expected_version: the draft is at version 2/);
  });

  it("moves a story to a new slug on publish and unpublishes it", async () => {
    const story = await createStory(server, { publish: true });
    const target = uniqueSlug("moved");
    await editor(server, "PUT", `/stories/${story.id}`, { full_slug: target });
    expect((await published(story.full_slug)).status).toBe(200);
    const events: CmsPublishedEvent[] = [];
    const listener = (e: CmsPublishedEvent) => events.push(e);
    server.services.cms.events.on("cms-published", listener);
    await editor(server, "POST", `/stories/${story.id}/publish`);
    expect((await published(story.full_slug)).status).toBe(404);
    expect((await published(target)).status).toBe(200);

    const off = await editor(server, "POST", `/stories/${story.id}/unpublish`);
    expect(off.body.result.state).toMatchObject({ state: "unpublished", published_version: null });
    expect((await published(target)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.services.cms.events.off("cms-published", listener);
    expect(events.filter((e) => e.id === story.id)).toEqual([
      expect.objectContaining({ full_slug: target, previous_full_slug: story.full_slug, published: true }),
      expect.objectContaining({ full_slug: target, published: false, version: null }),
    ]);
  });

  it("refuses a second story at a taken slug with 409", async () => {
    const story = await createStory(server);
    const again = await editor(server, "POST", "/stories", {
      name: "Dubbel",
      full_slug: story.full_slug,
      content: textPage("<p>x</p>"),
    });
    expect(again.status).toBe(409);
    expect(again.body.result).toMatch(/^full_slug: story \d+ already has the full slug/);
  });
});

describe("cms-published event (the HTML cache's hook)", () => {
  it("fires with the full slug when a story is published", async () => {
    const story = await createStory(server);
    const fired = once(server.services.cms.events, "cms-published");
    await editor(server, "POST", `/stories/${story.id}/publish`);
    const [event] = (await fired) as [CmsPublishedEvent];
    expect(event).toMatchObject({
      id: story.id,
      uuid: story.uuid,
      full_slug: story.full_slug,
      published: true,
      version: 1,
    });
  });
});

describe("validation", () => {
  const menuWithBadLink = () => {
    const link = (url: string) => ({ url, cached_url: "" });
    const item = (url: string) => ({
      component: "menu_item",
      name: "Kleding",
      clickable: true,
      link: link("/kleding/"),
      columnOne: [{ component: "menu_link", name: "Jassen", link: link(url) }],
      columnTwo: [],
    });
    return {
      component: "menu",
      body: [item("/a/"), item("/b/"), item("javascript:alert(1)")],
      topLevelSubItems: [],
      footerItems: [],
    };
  };

  it("refuses content that does not validate with 400 and the block path", async () => {
    const res = await editor(server, "POST", "/stories", {
      name: "Menu",
      full_slug: uniqueSlug(),
      content: menuWithBadLink(),
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toBe("body.content.body[2].columnOne[0].link.url: Invalid url");
    expect(res.body.meta.errors).toEqual([
      { path: "body.content.body[2].columnOne[0].link.url", message: "Invalid url" },
    ]);
  });

  it("refuses a bad draft save without touching the draft", async () => {
    const story = await createStory(server);
    const res = await editor(server, "PUT", `/stories/${story.id}`, {
      content: { component: "page", body: [{ component: "carousel", source: "skus" }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toBe("body.content.body[0].skus: is required when source is skus");
    expect((await editor(server, "GET", `/stories/${story.id}/versions`)).body.result.versions).toHaveLength(
      1,
    );
  });

  it.each([
    [{ name: "", full_slug: "a", content: textPage("x") }, /^body\.name: /],
    [{ name: "A", full_slug: "Niet/Goed", content: textPage("x") }, /^body\.full_slug: must be lower-case/],
    [{ name: "A", full_slug: "a" }, /^body\.content: /],
    [{ name: "A", full_slug: "a", content: textPage("x"), extra: 1 }, /^body: .*extra/],
    [
      { name: "A", full_slug: "a", content: { component: "video" } },
      /^body\.content\.component: must be one of/,
    ],
  ])("names the field: %j", async (body, message) => {
    const res = await editor(server, "POST", "/stories", body);
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(message);
  });

  it("answers 404 for an unknown story and 400 for a malformed id", async () => {
    expect((await editor(server, "PUT", "/stories/999999", { name: "x" })).status).toBe(404);
    expect((await editor(server, "POST", "/stories/abc/publish")).status).toBe(400);
  });
});

describe("POST /editor/import", () => {
  const story = (full_slug: string, content: unknown, publish = true) => ({
    name: "Import",
    full_slug,
    content,
    publish,
  });

  it("imports all stories or none", async () => {
    const good = uniqueSlug("import");
    const bad = uniqueSlug("import");
    const refused = await editor(server, "POST", "/import", {
      stories: [
        story(good, textPage("<p>Goed</p>")),
        story(bad, { component: "page", body: [{ component: "tile" }] }),
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.result).toMatch(
      /^body\.stories\[1\]\.content\.body\[0\]\.asset.*; nothing was written$/,
    );
    expect((await published(good)).status).toBe(404);
    expect((await editor(server, "GET", `/stories?starts_with=${good}`)).body.result.stories).toEqual([]);

    const dry = await editor(server, "POST", "/import?dryRun=true", {
      stories: [story(good, textPage("<p>Goed</p>"))],
    });
    expect(dry.body.result).toMatchObject({ dryRun: true, summary: { created: 1 } });
    expect((await published(good)).status).toBe(404);

    const done = await editor(server, "POST", "/import", { stories: [story(good, textPage("<p>Goed</p>"))] });
    expect(done.body.result.summary).toEqual({ created: 1, updated: 0, unchanged: 0, published: 1 });
    expect((await published(good)).status).toBe(200);
    const again = await editor(server, "POST", "/import", {
      stories: [story(good, textPage("<p>Goed</p>"))],
    });
    expect(again.body.result.summary).toMatchObject({ created: 0, unchanged: 1 });
  });

  it("refuses a slug repeated in one import", async () => {
    const slug = uniqueSlug("import");
    const res = await editor(server, "POST", "/import", {
      stories: [story(slug, textPage("a")), story(slug, textPage("b"))],
    });
    expect(res.status).toBe(400);
    expect(res.body.meta.errors[0]).toMatchObject({ path: "body.stories[1].full_slug" });
  });
});
