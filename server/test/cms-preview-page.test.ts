/**
 * The editor's preview page (`/storyblok`) reads the draft, or a release's version, through
 * storyblok-js-client against the built-in CMS's Content Delivery reads: what it renders is what
 * the official client got for the preview token, and a token for another story shows nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cmsEnv, createStory, editor, textPage } from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ...cmsEnv, HTML_CACHE: "false" } });
});
afterAll(() => server?.close());

async function previewPath(id: number, release?: number): Promise<string> {
  const res = await editor(server, "POST", `/stories/${id}/preview-token`, release ? { release } : undefined);
  expect(res.status).toBe(200);
  const url = new URL(res.body.result.preview_url);
  return url.pathname + url.search;
}

describe("the preview page", () => {
  it("shows the saved draft, not the published version", async () => {
    const story = await createStory(server, { html: "<p>Gepubliceerde tekst</p>", publish: true });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>Concepttekst</p>") });
    const res = await server.get(await previewPath(story.id));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Concepttekst");
    expect(html).not.toContain("Gepubliceerde tekst");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("shows a release's version of the story", async () => {
    const story = await createStory(server, { html: "<p>v1</p>" });
    await editor(server, "PUT", `/stories/${story.id}`, {
      content: textPage("<p>Voor de najaarsrelease</p>"),
    });
    const release = await editor(server, "POST", "/releases", {
      name: "Najaar",
      items: [{ story_id: story.id }],
    });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>Later concept</p>") });
    const html = await (await server.get(await previewPath(story.id, release.body.result.release.id))).text();
    expect(html).toContain("Voor de najaarsrelease");
    expect(html).not.toContain("Later concept");
  });

  it("refuses another story's token", async () => {
    const mine = await createStory(server, { html: "<p>Geheim concept</p>" });
    const other = await createStory(server, { html: "<p>Ander verhaal</p>" });
    const path = (await previewPath(other.id)).replace(`id=${other.id}`, `id=${mine.id}`);
    const res = await server.get(path);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain("Geheim concept");
  });
});
