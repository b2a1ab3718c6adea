/**
 * The built-in CMS's Content Delivery API v2 (Storyblok's `cdn/stories`, `cdn/stories/{id|slug}`
 * and `cdn/spaces/me`), answering storyblok-js-client as Storyblok does: a space's public and
 * preview access tokens, `cv` the time of the last change to what is published, and every
 * parameter of the client's `ISbStoriesParams`/`ISbStoryParams` (cda-query.ts).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { CmsStory } from "@etalage/core";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cmsStories, cmsStoryVersions } from "../../db/schema.ts";
import { CMS_SPACE_ID, type PreviewTokens } from "../../services/cms/preview-token.ts";
import type { CmsReleases } from "../../services/cms/releases.ts";
import type { CmsStore } from "../../services/cms/stories.ts";
import { storyView } from "../../services/cms/story-rows.ts";
import {
  assetsOf,
  type CdaStory,
  cdaStory,
  linkObject,
  linkUuids,
  relationUuids,
  type StoriesParams,
  type StoryParams,
  selectStories,
  trimStory,
} from "./cda-query.ts";

/** What a token opens: the space's published content, all drafts, or one story's drafts. */
type Access = { kind: "public" } | { kind: "preview" } | { kind: "story"; id: number };

type CdaRefusal = { ok: false; status: 401 | 404; message: string };

export interface CdaExtras {
  cv: number;
  rels: CdaStory[];
  links: unknown[];
  assets?: unknown[];
}

export type CdaStoryAnswer = ({ ok: true; story: CdaStory } & CdaExtras) | CdaRefusal;
export type CdaStoriesAnswer = ({ ok: true; stories: CdaStory[]; total: number } & CdaExtras) | CdaRefusal;

/** Storyblok's own answers, word for word: clients and their logs look for them. */
export const NOT_FOUND = "This record could not be found";
const UNAUTHORIZED = "Unauthorized";

/**
 * The space's two access tokens, derived from the CMS secret so every instance that shares it
 * knows them and none is ever stored: the public one reads published content, the preview one
 * drafts as well (as a Storyblok space's "public" and "preview" tokens).
 */
export function spaceTokens(secret: string): { public: string; preview: string } {
  const derive = (kind: string) =>
    createHmac("sha256", secret)
      .update(`etalage-cms-space-${CMS_SPACE_ID}-${kind}`)
      .digest("base64url")
      .slice(0, 24);
  return { public: `${derive("public")}tt`, preview: `${derive("preview")}tt` };
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class BuiltinCda {
  constructor(
    private readonly db: Db,
    private readonly store: CmsStore,
    private readonly releases: CmsReleases,
    private readonly previewTokens: PreviewTokens,
    readonly tokens: { public: string; preview: string },
  ) {}

  access(token: string | undefined): Access | undefined {
    if (!token) return undefined;
    if (same(token, this.tokens.preview)) return { kind: "preview" };
    if (same(token, this.tokens.public)) return { kind: "public" };
    const checked = this.previewTokens.check(token);
    return checked.ok ? { kind: "story", id: checked.claims.sid } : undefined;
  }

  /**
   * The cache version: the last time (Unix seconds) anything published changed — a publish, an
   * unpublish, a release going live. Drafts do not move it, as on Storyblok.
   */
  async contentVersion(): Promise<number> {
    const [row] = await this.db
      .select({
        at: sql<
          string | null
        >`max(extract(epoch from case when ${cmsStories.publishedVersion} is null then ${cmsStories.updatedAt} else ${cmsStories.publishedAt} end))`,
      })
      .from(cmsStories)
      .where(sql`${cmsStories.firstPublishedAt} is not null`);
    return Math.floor(Number(row?.at ?? 0)) || 1;
  }

  async space() {
    return {
      space: {
        id: CMS_SPACE_ID,
        name: "Etalage",
        domain: "",
        version: await this.contentVersion(),
        language_codes: [] as string[],
      },
    };
  }

  async story(key: string, p: StoryParams): Promise<CdaStoryAnswer> {
    const access = this.access(p.token);
    if (!access) return unauthorized();
    if (p.version === "draft" && access.kind === "public") return unauthorized();
    const id = await this.idOf(key, p);
    if (p.version === "draft" && access.kind === "story" && id !== access.id) return unauthorized();
    if (id === undefined) return notFound();
    if (p.fromRelease !== undefined && !(await this.releases.exists(p.fromRelease))) return notFound();
    let story: CmsStory | undefined;
    if (p.version === "published") story = await this.store.publishedById(id);
    else if (p.fromRelease) story = await this.releases.storyInRelease(id, p.fromRelease);
    else story = await this.store.draft(id);
    if (!story) return notFound();
    const extras = await this.extras([story], p);
    return { ok: true, story: trimStory(cdaStory(story), p), ...extras };
  }

  async stories(p: StoriesParams): Promise<CdaStoriesAnswer> {
    const access = this.access(p.token);
    if (!access) return unauthorized();
    if (p.version === "draft" && access.kind === "public") return unauthorized();
    if (p.fromRelease !== undefined && !(await this.releases.exists(p.fromRelease))) return notFound();
    let all: CmsStory[];
    if (p.version === "published") all = await this.published();
    else if (access.kind === "story") {
      const one = p.fromRelease
        ? await this.releases.storyInRelease(access.id, p.fromRelease)
        : await this.store.draft(access.id);
      all = one ? [one] : [];
    } else all = await this.drafts(p.fromRelease);
    const picked = selectStories(all, p);
    const page = picked.slice((p.page - 1) * p.perPage, p.page * p.perPage);
    const extras = await this.extras(page, p);
    return {
      ok: true,
      stories: page.map((story) => trimStory(cdaStory(story), p)),
      total: picked.length,
      ...extras,
    };
  }

  /** `rels`, `links` and `assets` of an answer, from published stories (or drafts in a draft read). */
  private async extras(stories: CmsStory[], p: StoryParams | StoriesParams): Promise<CdaExtras> {
    const cv = await this.contentVersion();
    const rels = relationUuids(stories, p.resolveRelations);
    const links = p.resolveLinks ? linkUuids(stories) : [];
    const wanted = [...new Set([...rels, ...links])];
    const found = wanted.length === 0 ? [] : await this.byUuids(wanted, p.version);
    const byUuid = new Map(found.map((s) => [s.uuid, s]));
    const pick = (uuids: string[]) => uuids.flatMap((u) => (byUuid.has(u) ? [byUuid.get(u)!] : []));
    return {
      cv,
      rels: pick(rels).map(cdaStory),
      links: pick(links).map((s) => (p.resolveLinks === "story" ? cdaStory(s) : linkObject(s))),
      ...(p.resolveAssets ? { assets: assetsOf(stories) } : {}),
    };
  }

  private async idOf(key: string, p: StoryParams): Promise<number | undefined> {
    if (p.findBy === "uuid") {
      const [row] = await this.db
        .select({ id: cmsStories.id })
        .from(cmsStories)
        .where(eq(cmsStories.uuid, key))
        .limit(1)
        .catch(() => []);
      return row?.id;
    }
    // A published read finds a story at the slug it is live at; a draft read at its draft's.
    if (p.version === "published" && !/^\d{1,9}$/.test(key)) {
      const story = await this.store.published(key);
      return story?.id;
    }
    return this.store.idOf(key);
  }

  private async published(): Promise<CmsStory[]> {
    const rows = await this.db
      .select({ story: cmsStories, version: cmsStoryVersions })
      .from(cmsStories)
      .innerJoin(
        cmsStoryVersions,
        and(
          eq(cmsStoryVersions.storyId, cmsStories.id),
          eq(cmsStoryVersions.version, cmsStories.publishedVersion),
        ),
      )
      .orderBy(cmsStories.position, cmsStories.id);
    return rows.map((r) => storyView(r.story, r.version));
  }

  private async drafts(releaseId: number | undefined): Promise<CmsStory[]> {
    const rows = await this.db
      .select({ story: cmsStories, version: cmsStoryVersions })
      .from(cmsStories)
      .innerJoin(
        cmsStoryVersions,
        and(
          eq(cmsStoryVersions.storyId, cmsStories.id),
          eq(cmsStoryVersions.version, cmsStories.draftVersion),
        ),
      )
      .orderBy(cmsStories.position, cmsStories.id);
    const stories = rows.map((r) => storyView(r.story, r.version));
    if (!releaseId) return stories;
    const release = await this.releases.get(releaseId);
    const inRelease = new Map(release?.items.map((i) => [i.story_id, i.version]));
    return Promise.all(
      stories.map(async (s) =>
        inRelease.has(s.id) ? ((await this.store.atVersion(s.id, inRelease.get(s.id)!, releaseId)) ?? s) : s,
      ),
    );
  }

  private async byUuids(uuids: string[], version: "published" | "draft"): Promise<CmsStory[]> {
    const valid = uuids.filter((u) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(u),
    );
    if (valid.length === 0) return [];
    if (version === "published") return this.store.publishedByUuids(valid);
    const rows = await this.db
      .select({ id: cmsStories.id })
      .from(cmsStories)
      .where(inArray(cmsStories.uuid, valid));
    const drafts = await Promise.all(rows.map((r) => this.store.draft(r.id)));
    return drafts.filter((s): s is CmsStory => s !== undefined);
  }
}

const unauthorized = (): CdaRefusal => ({ ok: false, status: 401, message: UNAUTHORIZED });
const notFound = (): CdaRefusal => ({ ok: false, status: 404, message: NOT_FOUND });
