/** Draft preview (browsing §6): preview tokens, validate-editor, drafts through cdn/stories, the live channel. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CMS_SPACE_ID, PreviewTokens } from "../src/services/cms/preview-token.ts";
import {
  CMS_BASE,
  cmsEnv,
  createStory,
  editor,
  getJson,
  type Json,
  sseEvents,
  textPage,
} from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const SECRET = "preview-secret-for-tests-0123456789abcdef";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { ...cmsEnv, CMS_PREVIEW_SECRET: SECRET } });
});
afterAll(() => server?.close());

async function previewToken(id: number): Promise<Json> {
  const res = await editor(server, "POST", `/stories/${id}/preview-token`);
  expect(res.status).toBe(200);
  return res.body.result;
}

const validate = (params: Record<string, string | number>) =>
  getJson(server, `${CMS_BASE}/validate-editor/?${new URLSearchParams(params as Record<string, string>)}`);
const cdn = (key: number | string, query: Record<string, string | number>) =>
  getJson(server, `${CMS_BASE}/cdn/stories/${key}?${new URLSearchParams(query as Record<string, string>)}`);

/** A token signed with the server's secret, issued an hour ago with a one-minute life. */
const expiredToken = (id: number) =>
  new PreviewTokens(SECRET, 60, () => new Date(Date.now() - 3_600_000)).issue(id);

describe("preview tokens and validate-editor", () => {
  it("gives the editor a token and a preview URL with id, spaceId, timestamp, token and release", async () => {
    const story = await createStory(server);
    const preview = await previewToken(story.id);
    const url = new URL(preview.preview_url);
    expect(url.pathname).toBe("/storyblok");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id: String(story.id),
      spaceId: String(CMS_SPACE_ID),
      timestamp: String(preview.timestamp),
      token: preview.token,
      release: "0",
    });
    const res = await validate(Object.fromEntries(url.searchParams));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body.result).toMatchObject({
      previewToken: preview.token,
      id: story.id,
      spaceId: CMS_SPACE_ID,
      release: null,
    });
  });

  it("answers 401 for a wrong, tampered, expired or another story's token", async () => {
    const story = await createStory(server);
    const other = await createStory(server);
    const preview = await previewToken(story.id);
    const base = { id: story.id, spaceId: CMS_SPACE_ID, timestamp: preview.timestamp };
    const [body, signature] = preview.token.split(".");
    const tampered = `${Buffer.from(JSON.stringify({ sid: other.id, space: 1, iat: preview.timestamp, exp: 9e9 })).toString("base64url")}.${signature}`;
    const expired = expiredToken(story.id);
    const cases: [Record<string, string | number>, RegExp][] = [
      [base, /valid preview token is required/],
      [{ ...base, token: "nonsense" }, /valid preview token/],
      [{ ...base, token: `${body}.${"A".repeat(signature.length)}` }, /valid preview token/],
      [{ ...base, token: tampered }, /valid preview token/],
      [{ ...base, id: expired.claims.sid, timestamp: expired.claims.iat, token: expired.token }, /expired/],
      [{ ...base, id: other.id, token: preview.token }, /another story/],
      [{ ...base, timestamp: preview.timestamp - 1, token: preview.token }, /^timestamp: /],
      [{ ...base, spaceId: 99, token: preview.token }, /^spaceId: /],
    ];
    for (const [params, message] of cases) {
      const res = await validate(params);
      expect(res.status, JSON.stringify(params)).toBe(401);
      expect(res.body.result).toMatch(message);
    }
  });

  it("answers 400 naming a missing or malformed parameter", async () => {
    const res = await validate({ spaceId: 1, timestamp: 1, token: "x" });
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/^querystring\.id: /);
  });
});

describe("GET /cdn/stories/{id}", () => {
  it("never shows a draft without a valid token for that story", async () => {
    const story = await createStory(server, { html: "<p>Live</p>", publish: true });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>Geheim concept</p>") });
    const other = await createStory(server);
    const otherToken = (await previewToken(other.id)).token;

    // Published with the space's public token, with or without version=published.
    const publicToken = server.services.builtinCms.cda.tokens.public;
    for (const query of [{ cv: 1 }, { version: "published", cv: 1 }] as Record<string, string | number>[]) {
      const res = await cdn(story.id, { ...query, token: publicToken });
      expect(res.status).toBe(200);
      // Storyblok's Content Delivery API v2 shape, not the envelope (contract "CMS").
      expect(res.body).toMatchObject({ cv: expect.any(Number), rels: [], links: [] });
      expect(res.body.story.content.body[0].text).toBe("<p>Live</p>");
    }
    expect(
      (await getJson(server, `${CMS_BASE}/story/${story.full_slug}`)).body.result.story.content.body[0].text,
    ).toBe("<p>Live</p>");
    for (const token of [undefined, "nonsense", otherToken, expiredToken(story.id).token]) {
      const res = await cdn(
        story.id,
        token === undefined ? { version: "draft" } : { version: "draft", token },
      );
      expect(res.status, String(token)).toBe(401);
      expect(JSON.stringify(res.body)).not.toContain("Geheim");
    }
    const token = (await previewToken(story.id)).token;
    const draft = await cdn(story.id, { version: "draft", token });
    expect(draft.status).toBe(200);
    expect(draft.headers.get("cache-control")).toBe("private, no-store");
    expect(draft.body.story).toMatchObject({ id: story.id, version: 2 });
    expect(draft.body.story.content.body[0].text).toBe("<p>Geheim concept</p>");
    // By full slug as well.
    expect((await cdn(story.full_slug, { version: "draft", token })).body.story.version).toBe(2);
  });

  it("answers Storyblok's 404 for a story that was never published, and 401 without a token", async () => {
    const story = await createStory(server);
    const res = await cdn(story.id, { token: server.services.builtinCms.cda.tokens.public, cv: 1 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(["This record could not be found"]);
    expect((await cdn(story.id, { cv: 1 })).status).toBe(401);
  });

  it("shows a story as a release would publish it (from_release)", async () => {
    const story = await createStory(server, { html: "<p>v1</p>" });
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>v2 voor de release</p>") });
    const release = await editor(server, "POST", "/releases", {
      name: "Zomer",
      items: [{ story_id: story.id }],
    });
    expect(release.status).toBe(201);
    await editor(server, "PUT", `/stories/${story.id}`, { content: textPage("<p>v3 na de release</p>") });
    const token = (await previewToken(story.id)).token;
    const releaseId = release.body.result.release.id;
    const inRelease = await cdn(story.id, { version: "draft", token, from_release: releaseId });
    expect(inRelease.body.story).toMatchObject({ version: 2, release_id: releaseId });
    expect((await cdn(story.id, { version: "draft", token })).body.story.version).toBe(3);
    expect((await cdn(story.id, { version: "draft", token, from_release: 0 })).body.story.version).toBe(3);
    expect((await cdn(story.id, { version: "draft", token, from_release: 999999 })).status).toBe(404);
    // A release's content is a draft too: no token, no content.
    expect((await cdn(story.id, { version: "draft", from_release: releaseId })).status).toBe(401);
  });

  it("answers Storyblok's 422 naming a bad version", async () => {
    const res = await cdn(1, { version: "latest" });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(["version: must be published or draft"]);
  });
});

describe("GET /preview-events (live preview)", () => {
  it("pushes a draft save to a connected preview within a second", async () => {
    const story = await createStory(server);
    const token = (await previewToken(story.id)).token;
    const controller = new AbortController();
    const res = await fetch(
      `${server.url}${CMS_BASE}/preview-events?id=${story.id}&token=${encodeURIComponent(token)}`,
      {
        signal: controller.signal,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = sseEvents(res.body!);
    expect((await events.next()).value).toEqual({ event: "ready", data: { id: story.id, version: 1 } });

    // Another story's save is not pushed; this story's saves are, in order.
    const other = await createStory(server);
    await editor(server, "PUT", `/stories/${other.id}`, { name: "Andere" });
    for (const version of [2, 3]) {
      const started = performance.now();
      const saved = await editor(server, "PUT", `/stories/${story.id}`, {
        content: textPage(`<p>Versie ${version}</p>`),
      });
      expect(saved.status).toBe(200);
      const next = await events.next();
      const elapsed = performance.now() - started;
      expect(next.value).toEqual({ event: "message", data: { id: story.id, version } });
      expect(elapsed).toBeLessThan(1000);
    }
    controller.abort();
  });

  it("refuses a missing, wrong or another story's token with 401", async () => {
    const story = await createStory(server);
    const other = await createStory(server);
    const otherToken = (await previewToken(other.id)).token;
    for (const token of ["nonsense", otherToken, expiredToken(story.id).token]) {
      const res = await server.get(
        `${CMS_BASE}/preview-events?id=${story.id}&token=${encodeURIComponent(token)}`,
      );
      expect(res.status).toBe(401);
    }
    expect((await server.get(`${CMS_BASE}/preview-events?id=${story.id}`)).status).toBe(400);
  });
});
