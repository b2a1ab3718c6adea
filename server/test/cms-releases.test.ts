/** Releases: several drafts published together, now or at a scheduled time (with a clock the test moves). */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReleaseScheduler } from "../src/services/cms/release-scheduler.ts";
import { CmsReleases } from "../src/services/cms/releases.ts";
import { CmsStore } from "../src/services/cms/stories.ts";
import { CMS_BASE, cmsEnv, createStory, editor, getJson, type Json, textPage } from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: cmsEnv });
});
afterAll(() => server?.close());

const liveText = async (slug: string) => {
  const res = await getJson(server, `${CMS_BASE}/story/${slug}`);
  return res.status === 200 ? (res.body.result.story.content.body[0].text as string) : undefined;
};

describe("releases", () => {
  it("publishes every story of a release together, each at its release version", async () => {
    const a = await createStory(server, { html: "<p>A1</p>", publish: true });
    const b = await createStory(server, { html: "<p>B1</p>" });
    await editor(server, "PUT", `/stories/${a.id}`, { content: textPage("<p>A2</p>") });
    const release = await editor(server, "POST", "/releases", {
      name: "Herfst",
      items: [{ story_id: a.id }],
    });
    const id = release.body.result.release.id;
    expect(
      (await editor(server, "POST", `/releases/${id}/items`, { story_id: b.id, version: 1 })).status,
    ).toBe(200);
    await editor(server, "PUT", `/stories/${a.id}`, { content: textPage("<p>A3 (niet in de release)</p>") });

    expect(await liveText(a.full_slug)).toBe("<p>A1</p>");
    expect(await liveText(b.full_slug)).toBeUndefined();
    const done = await editor(server, "POST", `/releases/${id}/publish`);
    expect(done.status).toBe(200);
    expect(done.body.result.release).toMatchObject({ status: "published" });
    expect(await liveText(a.full_slug)).toBe("<p>A2</p>");
    expect(await liveText(b.full_slug)).toBe("<p>B1</p>");

    // A published release is history: it cannot change, publishing it again changes nothing.
    expect((await editor(server, "POST", `/releases/${id}/items`, { story_id: a.id })).status).toBe(409);
    expect((await editor(server, "POST", `/releases/${id}/publish`)).status).toBe(200);
    expect((await editor(server, "DELETE", `/releases/${id}`)).status).toBe(409);
  });

  it("publishes none of a release when one story cannot go live", async () => {
    const taken = await createStory(server, { publish: true });
    const a = await createStory(server, { html: "<p>A</p>" });
    const b = await createStory(server, { html: "<p>B</p>" });
    // b's draft moves onto a slug another story is live at.
    await editor(server, "PUT", `/stories/${taken.id}`, { full_slug: `${taken.full_slug}-x` });
    await editor(server, "PUT", `/stories/${b.id}`, { full_slug: taken.full_slug });
    const release = await editor(server, "POST", "/releases", {
      name: "Botsing",
      items: [{ story_id: a.id }, { story_id: b.id }],
    });
    const res = await editor(server, "POST", `/releases/${release.body.result.release.id}/publish`);
    expect(res.status).toBe(409);
    expect(await liveText(a.full_slug)).toBeUndefined();
  });

  it("refuses unknown stories and versions, naming the item", async () => {
    const story = await createStory(server);
    const res = await editor(server, "POST", "/releases", {
      name: "Fout",
      items: [{ story_id: story.id }, { story_id: story.id, version: 7 }],
    });
    expect(res.status).toBe(404);
    expect(res.body.result).toMatch(/^body\.items\[1\]\.version: story \d+ has no version 7/);
    const bad = await editor(server, "POST", "/releases", { name: "Fout", publish_at: "morgen" });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toMatch(/^body\.publish_at: must be an ISO 8601 date-time/);
  });
});

describe("scheduled releases", () => {
  it("go live at their time, not before (the scheduler's clock is the test's)", async () => {
    let now = new Date("2030-01-01T08:00:00+01:00");
    const clock = () => now;
    const store = new CmsStore(server.services.database.db, clock);
    const releases = new CmsReleases(store, clock);
    const scheduler = new ReleaseScheduler(releases, {
      intervalMs: 60_000,
      now: clock,
      log: pino({ level: "silent" }),
    });

    const story = await createStory(server, { html: "<p>Oud</p>", publish: true });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>Nieuwjaarsactie</p>") });
    const release = await releases.create({
      name: "Nieuwjaar",
      publish_at: new Date("2030-01-01T09:00:00+01:00"),
      items: [{ story_id: story.id }],
    });
    if (!("id" in release)) throw new Error(release.message);
    expect(release.status).toBe("scheduled");

    // Other scheduled releases may be due on a shared database; ours is the one that counts.
    await scheduler.tick();
    expect((await releases.get(release.id))?.status).toBe("scheduled");
    expect(await liveText(story.full_slug)).toBe("<p>Oud</p>");

    now = new Date("2030-01-01T08:59:59+01:00");
    await scheduler.tick();
    expect(await liveText(story.full_slug)).toBe("<p>Oud</p>");

    now = new Date("2030-01-01T09:00:00+01:00");
    expect(await scheduler.tick()).toBeGreaterThanOrEqual(1);
    expect(await releases.get(release.id)).toMatchObject({
      status: "published",
      published_at: now.toISOString(),
    });
    expect(await liveText(story.full_slug)).toBe("<p>Nieuwjaarsactie</p>");
  });

  it("are published by the running server's scheduler (schedule through the editor API)", async () => {
    const story = await createStory(server, { html: "<p>Nu</p>", publish: true });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>Straks</p>") });
    const publishAt = new Date(Date.now() + 600);
    const scheduled = await editor(server, "POST", `/stories/${story.id}/schedule`, {
      publish_at: publishAt.toISOString(),
    });
    expect(scheduled.status).toBe(201);
    const release: Json = scheduled.body.result.release;
    expect(release).toMatchObject({ status: "scheduled", items: [{ story_id: story.id, version: 2 }] });
    expect(await liveText(story.full_slug)).toBe("<p>Nu</p>");

    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await liveText(story.full_slug)) !== "<p>Straks</p>") {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await liveText(story.full_slug)).toBe("<p>Straks</p>");
    expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
  });

  it("can be unscheduled and deleted before their time", async () => {
    const story = await createStory(server);
    const scheduled = await editor(server, "POST", `/stories/${story.id}/schedule`, {
      publish_at: "2099-01-01T00:00:00Z",
    });
    const id = scheduled.body.result.release.id;
    const open = await editor(server, "PUT", `/releases/${id}`, { publish_at: null });
    expect(open.body.result.release).toMatchObject({ status: "open", publish_at: null });
    expect((await editor(server, "DELETE", `/releases/${id}`)).status).toBe(200);
    expect((await editor(server, "GET", `/releases/${id}`)).status).toBe(404);
  });
});
