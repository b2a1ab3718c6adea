/**
 * The official Storyblok client (`storyblok-js-client` 7.7.6) against the built-in CMS's
 * Content Delivery API v2 reads (contract "CMS"): a published story, a draft with a preview
 * token, a release's version, and a listing with starts_with.
 */
import StoryblokClient from "storyblok-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CMS_BASE, cmsEnv, createStory, editor, textPage, uniqueSlug } from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: cmsEnv });
});
afterAll(() => server?.close());

/** A client as a shop with Storyblok makes one, pointed at the built-in CMS. */
const client = (accessToken: string) =>
  new StoryblokClient({ accessToken, endpoint: `${server.url}${CMS_BASE}`, cache: { type: "none" } });

async function previewToken(id: number): Promise<string> {
  const res = await editor(server, "POST", `/stories/${id}/preview-token`);
  return res.body.result.token;
}

describe("storyblok-js-client against the built-in CMS", () => {
  it("reads a published story by full slug and by id", async () => {
    const story = await createStory(server, { html: "<p>Gepubliceerd</p>", publish: true });
    const bySlug = await client("public").getStory(story.full_slug, { version: "published" });
    expect(bySlug.data.story.content.body[0].text).toBe("<p>Gepubliceerd</p>");
    expect(bySlug.data.story).toMatchObject({ id: story.id, uuid: story.uuid, full_slug: story.full_slug });
    expect(typeof bySlug.data.cv).toBe("number");
    const byId = await client("public").getStory(String(story.id), { version: "published" });
    expect(byId.data.story.id).toBe(story.id);
  });

  it("reads a draft only with the story's preview token", async () => {
    const story = await createStory(server, { html: "<p>Live</p>", publish: true });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>Concept</p>") });
    const token = await previewToken(story.id);
    const draft = await client(token).getStory(String(story.id), { version: "draft" });
    expect(draft.data.story.content.body[0].text).toBe("<p>Concept</p>");
    await expect(client("nonsense").getStory(String(story.id), { version: "draft" })).rejects.toMatchObject({
      status: 401,
    });
  });

  it("reads a story as a release will publish it", async () => {
    const story = await createStory(server, { html: "<p>v1</p>" });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>v2 in de release</p>") });
    const release = await editor(server, "POST", "/releases", {
      name: "Najaar",
      items: [{ story_id: story.id }],
    });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>v3 daarna</p>") });
    const token = await previewToken(story.id);
    const inRelease = await client(token).getStory(String(story.id), {
      version: "draft",
      from_release: String(release.body.result.release.id),
    });
    expect(inRelease.data.story.content.body[0].text).toBe("<p>v2 in de release</p>");
  });

  it("lists published stories under a prefix, page by page", async () => {
    const prefix = uniqueSlug("lijst");
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await createStory(server, { slug: `${prefix}/pagina-${i}`, publish: true }));
    await createStory(server, { slug: `${prefix}/concept`, publish: false });
    const all = await client("public").getStories({ starts_with: `${prefix}/`, version: "published" });
    expect(all.data.stories.map((s) => s.full_slug).sort()).toEqual(made.map((s) => s.full_slug).sort());
    expect(all.total).toBe(3);
    const page = await client("public").getStories({
      starts_with: `${prefix}/`,
      version: "published",
      per_page: 2,
      page: 2,
    });
    expect(page.data.stories).toHaveLength(1);
    expect(page.perPage).toBe(2);
    const everything = await client("public").getAll("cdn/stories", {
      starts_with: `${prefix}/`,
      version: "published",
    });
    expect(everything).toHaveLength(3);
  });
});
