/**
 * The official Storyblok client (`storyblok-js-client` 7.7.6) against the built-in CMS's
 * Content Delivery API v2 (contract "CMS"; issue 30 item 9): the space's access tokens, drafts
 * and releases, every parameter of `ISbStoriesParams`/`ISbStoryParams`, Storyblok's refusals and
 * a real cache version.
 */
import StoryblokClient, { type ISbStoriesParams } from "storyblok-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CMS_BASE, cmsEnv, createStory, editor, textPage, uniqueSlug } from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
let tokens: { public: string; preview: string };
beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: cmsEnv });
  tokens = server.services.builtinCms.cda.tokens;
});
afterAll(() => server?.close());

/** A client as a shop with Storyblok makes one, pointed at the built-in CMS. */
const client = (accessToken: string) =>
  new StoryblokClient({ accessToken, endpoint: `${server.url}${CMS_BASE}`, cache: { type: "none" } });

async function previewToken(id: number): Promise<string> {
  const res = await editor(server, "POST", `/stories/${id}/preview-token`);
  return res.body.result.token;
}

/** A folder of published pages for the list tests. */
async function folder(pages: { slug: string; title: string; html?: string; position?: number }[]) {
  const prefix = uniqueSlug("map");
  const made = [];
  for (const page of pages) {
    const res = await editor(server, "POST", "/stories", {
      name: page.title,
      full_slug: `${prefix}/${page.slug}`,
      content: textPage(page.html ?? "<p>Tekst</p>", page.title),
      publish: true,
      ...(page.position === undefined ? {} : { position: page.position }),
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    made.push(res.body.result.story);
  }
  return { prefix, made };
}

const slugs = (stories: { full_slug: string }[]) => stories.map((s) => s.full_slug.split("/").pop());

describe("storyblok-js-client against the built-in CMS", () => {
  it("reads a published story by full slug, by id and by uuid, with Storyblok's story fields", async () => {
    const story = await createStory(server, { html: "<p>Gepubliceerd</p>", publish: true });
    const bySlug = await client(tokens.public).getStory(story.full_slug, { version: "published" });
    expect(bySlug.data.story.content.body[0].text).toBe("<p>Gepubliceerd</p>");
    expect(bySlug.data.story).toMatchObject({
      id: story.id,
      uuid: story.uuid,
      full_slug: story.full_slug,
      alternates: [],
      group_id: story.uuid,
      meta_data: null,
      sort_by_date: null,
    });
    expect(typeof bySlug.data.cv).toBe("number");
    const byId = await client(tokens.public).getStory(String(story.id), { version: "published" });
    expect(byId.data.story.id).toBe(story.id);
    const byUuid = await client(tokens.public).getStory(story.uuid, {
      version: "published",
      find_by: "uuid",
    });
    expect(byUuid.data.story.id).toBe(story.id);
  });

  it("requires a token and answers Storyblok's 401 and 404", async () => {
    const story = await createStory(server, { publish: true });
    const bare = await server.get(`${CMS_BASE}/cdn/stories/${story.full_slug}?version=published&cv=1`);
    expect(bare.status).toBe(401);
    await expect(
      client("nonsense").getStory(story.full_slug, { version: "published" }),
    ).rejects.toMatchObject({
      status: 401,
    });
    const missing = await server.get(`${CMS_BASE}/cdn/stories/nergens/te/vinden?token=${tokens.public}&cv=1`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual(["This record could not be found"]);
    const draftOnly = await createStory(server, { publish: false });
    await expect(
      client(tokens.public).getStory(draftOnly.full_slug, { version: "published" }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("refuses an unknown parameter with 422 naming it, as version 2 does", async () => {
    const res = await server.get(`${CMS_BASE}/cdn/stories?token=${tokens.public}&cv=1&starts_wiht=x`);
    expect(res.status).toBe(422);
    expect((await res.json())[0]).toMatch(/^starts_wiht: /);
    const op = await server.get(
      `${CMS_BASE}/cdn/stories?token=${tokens.public}&cv=1&filter_query[title][near]=x`,
    );
    expect(op.status).toBe(422);
  });

  it("reads drafts with the space's preview token or a story's own preview token, never with the public one", async () => {
    const story = await createStory(server, { html: "<p>Live</p>", publish: true });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>Concept</p>") });
    const own = await client(await previewToken(story.id)).getStory(String(story.id), { version: "draft" });
    expect(own.data.story.content.body[0].text).toBe("<p>Concept</p>");
    const space = await client(tokens.preview).getStory(story.full_slug, { version: "draft" });
    expect(space.data.story.content.body[0].text).toBe("<p>Concept</p>");
    await expect(
      client(tokens.public).getStory(String(story.id), { version: "draft" }),
    ).rejects.toMatchObject({
      status: 401,
    });
    const other = await createStory(server, { publish: false });
    await expect(
      client(await previewToken(story.id)).getStory(String(other.id), { version: "draft" }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it("reads a story, and a list, as a release will publish it", async () => {
    const story = await createStory(server, { html: "<p>v1</p>", slug: `${uniqueSlug("release")}/pagina` });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>v2 in de release</p>") });
    const release = await editor(server, "POST", "/releases", {
      name: "Najaar",
      items: [{ story_id: story.id }],
    });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>v3 daarna</p>") });
    const id = String(release.body.result.release.id);
    const inRelease = await client(await previewToken(story.id)).getStory(String(story.id), {
      version: "draft",
      from_release: id,
    });
    expect(inRelease.data.story.content.body[0].text).toBe("<p>v2 in de release</p>");
    const prefix = story.full_slug.replace(/pagina$/, "");
    const list = await client(tokens.preview).getStories({
      starts_with: prefix,
      version: "draft",
      from_release: id,
    });
    expect(list.data.stories.map((s) => s.content.body[0].text)).toEqual(["<p>v2 in de release</p>"]);
    const now = await client(tokens.preview).getStories({ starts_with: prefix, version: "draft" });
    expect(now.data.stories.map((s) => s.content.body[0].text)).toEqual(["<p>v3 daarna</p>"]);
  });

  it("lists published stories under a prefix, page by page", async () => {
    const { prefix, made } = await folder([
      { slug: "pagina-0", title: "Nul" },
      { slug: "pagina-1", title: "Een" },
      { slug: "pagina-2", title: "Twee" },
    ]);
    await createStory(server, { slug: `${prefix}/concept`, publish: false });
    const all = await client(tokens.public).getStories({ starts_with: `${prefix}/`, version: "published" });
    expect(all.data.stories.map((s) => s.full_slug).sort()).toEqual(made.map((s) => s.full_slug).sort());
    expect(all.total).toBe(3);
    const page = await client(tokens.public).getStories({
      starts_with: `${prefix}/`,
      version: "published",
      per_page: 2,
      page: 2,
    });
    expect(page.data.stories).toHaveLength(1);
    expect(page.perPage).toBe(2);
    const everything = await client(tokens.public).getAll("cdn/stories", {
      starts_with: `${prefix}/`,
      version: "published",
    });
    expect(everything).toHaveLength(3);
  });

  it("answers by_slugs, by_uuids, excluding_ids, excluding_slugs, content_type, level, is_startpage and with_tag", async () => {
    const { prefix, made } = await folder([
      { slug: "jassen", title: "Jassen" },
      { slug: "schoenen", title: "Schoenen" },
      { slug: "sokken", title: "Sokken" },
    ]);
    const nested = await createStory(server, { slug: `${prefix}/sub/diep`, publish: true });
    const read = async (params: ISbStoriesParams) =>
      slugs((await client(tokens.public).getStories({ version: "published", ...params })).data.stories);
    expect(await read({ by_slugs: `${prefix}/jassen,${prefix}/sokken` })).toEqual(["jassen", "sokken"]);
    expect(await read({ by_slugs: `${prefix}/sub/*` })).toEqual(["diep"]);
    expect(await read({ by_uuids: `${made[1].uuid},${nested.uuid}` })).toEqual(["schoenen", "diep"]);
    expect(await read({ by_uuids_ordered: `${nested.uuid},${made[0].uuid}` })).toEqual(["diep", "jassen"]);
    expect(await read({ starts_with: prefix, excluding_ids: `${made[0].id},${nested.id}` })).toEqual([
      "schoenen",
      "sokken",
    ]);
    expect(await read({ starts_with: prefix, excluding_slugs: `${prefix}/sub/*,${prefix}/jassen` })).toEqual([
      "schoenen",
      "sokken",
    ]);
    expect(await read({ starts_with: prefix, content_type: "page", level: 4 })).toEqual(["diep"]);
    expect(await read({ starts_with: prefix, content_type: "footer" })).toEqual([]);
    expect(await read({ starts_with: prefix, is_startpage: false, per_page: 2 })).toHaveLength(2);
    expect(await read({ starts_with: prefix, is_startpage: true })).toEqual([]);
    expect(await read({ starts_with: prefix, with_tag: "uitverkoop" })).toEqual([]);
  });

  it("answers filter_query, search_term and sort_by", async () => {
    const { prefix } = await folder([
      { slug: "a", title: "Zomerjas", html: "<p>Licht linnen</p>", position: 3 },
      { slug: "b", title: "Winterjas", html: "<p>Warme wol</p>", position: 1 },
      { slug: "c", title: "Regenjas", html: "<p>Waterdicht</p>", position: 2 },
    ]);
    const read = async (params: ISbStoriesParams) =>
      slugs(
        (await client(tokens.public).getStories({ version: "published", starts_with: prefix, ...params }))
          .data.stories,
      );
    expect(await read({ filter_query: { title: { in: "Zomerjas,Regenjas" } } })).toEqual(["c", "a"]);
    expect(await read({ filter_query: { title: { like: "*er*" } }, sort_by: "name:asc" })).toEqual([
      "b",
      "a",
    ]);
    expect(
      await read({ filter_query: { title: { not_in: "Winterjas" }, component: { is: "page" } } }),
    ).toHaveLength(2);
    expect(
      await read({ filter_query: { __or: [{ title: { is: "Zomerjas" } }, { title: { is: "Winterjas" } }] } }),
    ).toEqual(["b", "a"]);
    expect(await read({ search_term: "wol" })).toEqual(["b"]);
    expect(await read({ sort_by: "content.title:desc" })).toEqual(["a", "b", "c"]);
    expect(await read({ sort_by: "position:asc:int" })).toEqual(["b", "c", "a"]);
  });

  it("resolves relations, links and assets into rels, links and assets", async () => {
    const { made } = await folder([{ slug: "doel", title: "Doel" }]);
    const target = made[0];
    const source = await createStory(server, { publish: true, slug: uniqueSlug("bron") });
    const res = await server.get(
      `${CMS_BASE}/cdn/stories/${source.full_slug}?token=${tokens.public}&cv=1&resolve_relations=page.body&resolve_links=url&resolve_assets=1`,
    );
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ rels: [], links: [], assets: [] });
    expect(target.uuid).toBeTruthy();
  });

  it("answers the cache version of the last publish, and redirects a published read without one", async () => {
    const space = await client(tokens.public).get("cdn/spaces/me", { cv: 0 } as ISbStoriesParams);
    const before = space.data.space.version;
    expect(before).toBeGreaterThan(1_600_000_000);
    // A draft save does not move it; a publish does (seconds: wait for the next one).
    const story = await createStory(server, { publish: false });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>Nog concept</p>") });
    expect(await server.services.builtinCms.cda.contentVersion()).toBe(before);
    await editor(server, "POST", `/stories/${story.id}/publish`);
    const after = await server.services.builtinCms.cda.contentVersion();
    expect(after).toBeGreaterThan(before);
    const redirect = await server.get(`${CMS_BASE}/cdn/stories/${story.full_slug}?token=${tokens.public}`, {
      redirect: "manual",
    });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toContain(`cv=${after}`);
    const read = await client(tokens.public).getStory(story.full_slug, { version: "published" });
    expect(read.data.cv).toBe(after);
  });
});
