/**
 * The built-in CMS's stories (browsing §3 "CMS story"): every draft save is a new numbered
 * version; publishing points the live story at one version. Writes validate and sanitise the
 * content first (content.ts) and run in one transaction each.
 */
import { randomUUID } from "node:crypto";
import { type CmsStory, FULL_SLUG, type StoryContent, storyKind } from "@etalage/core";
import { and, asc, desc, eq, inArray, isNotNull, like, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cmsStories, cmsStoryVersions } from "../../db/schema.ts";
import { notifyCms } from "./cms-events.ts";
import { prepareContent } from "./content.ts";
import {
  CmsError,
  entityDoc,
  isUniqueViolation,
  loadVersion,
  lockStory,
  notFound,
  publishIn,
  type StoryRow,
  type StorySummary,
  storyView,
  summaryOf,
  type VersionRow,
} from "./story-rows.ts";

export interface NewStory {
  name: string;
  full_slug: string;
  content: unknown;
  position?: number | undefined;
  is_startpage?: boolean | undefined;
}

export interface StoryPatch {
  name?: string | undefined;
  full_slug?: string | undefined;
  content?: unknown;
  /** Refuse the save (409) unless the draft is still at this version: no lost updates. */
  expected_version?: number | undefined;
}

export interface VersionSummary {
  version: number;
  name: string;
  full_slug: string;
  component: string;
  created_at: string;
  published: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class CmsStore {
  constructor(
    readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // -- reads ------------------------------------------------------------------------------------

  /** The live story at `fullSlug`, or undefined. */
  async published(fullSlug: string): Promise<CmsStory | undefined> {
    const [row] = await this.publishedRows(eq(cmsStories.publishedFullSlug, fullSlug));
    return row && storyView(row.story, row.version);
  }

  async publishedById(id: number): Promise<CmsStory | undefined> {
    const [row] = await this.publishedRows(eq(cmsStories.id, id));
    return row && storyView(row.story, row.version);
  }

  async publishedByUuids(uuids: readonly string[]): Promise<CmsStory[]> {
    const wanted = uuids.filter((u) => UUID.test(u));
    if (wanted.length === 0) return [];
    const rows = await this.publishedRows(inArray(cmsStories.uuid, wanted));
    return rows.map((r) => storyView(r.story, r.version));
  }

  /** Published stories whose full slug starts with `prefix`, in position order, one page of them. */
  async publishedStartingWith(
    prefix: string,
    limit: number,
    offset: number,
  ): Promise<{ stories: CmsStory[]; total: number }> {
    const where = like(cmsStories.publishedFullSlug, `${prefix.replace(/[\\%_]/g, "\\$&")}%`);
    const rows = await this.publishedRows(where);
    return {
      stories: rows.slice(offset, offset + limit).map((r) => storyView(r.story, r.version)),
      total: rows.length,
    };
  }

  /** Published pages or blocks as catalogue documents (cms_page, cms_block). */
  async publishedDocs(kind: "cms_page" | "cms_block"): Promise<Record<string, unknown>[]> {
    const pages = eq(cmsStoryVersions.component, "page");
    const rows = await this.publishedRows(
      kind === "cms_page" ? pages : ne(cmsStoryVersions.component, "page"),
    );
    return rows.map((r) => entityDoc(r.story, r.version));
  }

  /** One published page or block by id or identifier (full slug), as a catalogue document. */
  async publishedDoc(
    kind: "cms_page" | "cms_block",
    key: string,
    by: "id-or-slug" | "slug" = "id-or-slug",
  ): Promise<Record<string, unknown> | undefined> {
    const byId = by === "id-or-slug" && /^\d{1,9}$/.test(key);
    const where = byId ? eq(cmsStories.id, Number(key)) : eq(cmsStories.publishedFullSlug, key);
    const [row] = await this.publishedRows(where);
    return row && storyKind(row.version.component) === kind ? entityDoc(row.story, row.version) : undefined;
  }

  /** The draft (newest version) of a story. */
  async draft(id: number): Promise<CmsStory | undefined> {
    const row = await this.withVersion(id, (s) => s.draftVersion);
    return row && storyView(row.story, row.version);
  }

  async atVersion(
    id: number,
    version: number,
    releaseId: number | null = null,
  ): Promise<CmsStory | undefined> {
    const row = await this.withVersion(id, () => version);
    return row && storyView(row.story, row.version, releaseId);
  }

  /** A story's id from its id or its draft full slug. */
  async idOf(key: string): Promise<number | undefined> {
    const where = /^\d{1,9}$/.test(key) ? eq(cmsStories.id, Number(key)) : eq(cmsStories.fullSlug, key);
    const [row] = await this.db.select({ id: cmsStories.id }).from(cmsStories).where(where);
    return row?.id;
  }

  async summary(id: number): Promise<StorySummary | undefined> {
    const row = await this.withVersion(id, (s) => s.draftVersion);
    return row && summaryOf(row.story, row.version);
  }

  /** Every story (or those whose full slug starts with `prefix`), by full slug. */
  async list(prefix?: string): Promise<StorySummary[]> {
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
      .where(prefix ? like(cmsStories.fullSlug, `${prefix.replace(/[\\%_]/g, "\\$&")}%`) : undefined)
      .orderBy(asc(cmsStories.fullSlug));
    return rows.map((r) => summaryOf(r.story, r.version));
  }

  async versions(id: number): Promise<VersionSummary[] | undefined> {
    const [story] = await this.db.select().from(cmsStories).where(eq(cmsStories.id, id));
    if (!story) return undefined;
    const rows = await this.db
      .select({
        version: cmsStoryVersions.version,
        name: cmsStoryVersions.name,
        fullSlug: cmsStoryVersions.fullSlug,
        component: cmsStoryVersions.component,
        createdAt: cmsStoryVersions.createdAt,
      })
      .from(cmsStoryVersions)
      .where(eq(cmsStoryVersions.storyId, id))
      .orderBy(desc(cmsStoryVersions.version));
    return rows.map((v) => ({
      version: v.version,
      name: v.name,
      full_slug: v.fullSlug,
      component: v.component,
      created_at: v.createdAt.toISOString(),
      published: v.version === story.publishedVersion,
    }));
  }

  // -- writes -----------------------------------------------------------------------------------

  /** A new story at version 1; `prefix` is where the input sits in the request, for issue paths. */
  async create(
    input: NewStory,
    options: { prefix?: string; publish?: boolean } = {},
  ): Promise<CmsStory | CmsError> {
    const prefix = options.prefix ?? "body";
    const slugIssue = checkSlug(input.full_slug, `${prefix}.full_slug`);
    if (slugIssue) return slugIssue;
    const prepared = prepareContent(input.content, `${prefix}.content`);
    if (!prepared.ok) return new CmsError("invalid", "Invalid content", prepared.issues);
    return this.write((tx) => this.createIn(tx, input, prepared.content, options.publish === true));
  }

  /** Saves a new draft version: the changed fields over the current draft. */
  async update(
    id: number,
    patch: StoryPatch,
    options: { prefix?: string } = {},
  ): Promise<CmsStory | CmsError> {
    const prefix = options.prefix ?? "body";
    if (patch.full_slug !== undefined) {
      const slugIssue = checkSlug(patch.full_slug, `${prefix}.full_slug`);
      if (slugIssue) return slugIssue;
    }
    let content: StoryContent | undefined;
    if (patch.content !== undefined) {
      const prepared = prepareContent(patch.content, `${prefix}.content`);
      if (!prepared.ok) return new CmsError("invalid", "Invalid content", prepared.issues);
      content = prepared.content;
    }
    return this.write((tx) => this.updateIn(tx, id, patch, content));
  }

  /** Makes the draft (or `version`) live. */
  async publish(id: number, version?: number): Promise<CmsStory | CmsError> {
    return this.write(async (tx) => {
      const story = await lockStory(tx, id);
      if (!story) return notFound(`Story ${id}`);
      const published = await publishIn(tx, story, version ?? story.draftVersion, this.now());
      if (published instanceof CmsError) return published;
      return storyView(published, (await loadVersion(tx, id, published.publishedVersion!))!);
    });
  }

  /** Takes the story offline; its versions stay. Unpublishing an unpublished story changes nothing. */
  async unpublish(id: number): Promise<StorySummary | CmsError> {
    return this.write(async (tx) => {
      const story = await lockStory(tx, id);
      if (!story) return notFound(`Story ${id}`);
      let row: StoryRow = story;
      if (story.publishedVersion !== null && story.publishedFullSlug !== null) {
        [row] = (await tx
          .update(cmsStories)
          .set({ publishedVersion: null, publishedFullSlug: null, publishedAt: null, updatedAt: this.now() })
          .where(eq(cmsStories.id, id))
          .returning()) as [StoryRow];
        await notifyCms(tx, {
          type: "published",
          id,
          uuid: story.uuid,
          full_slug: story.publishedFullSlug,
          previous_full_slug: story.publishedFullSlug,
          published: false,
          version: null,
        });
      }
      return summaryOf(row, (await loadVersion(tx, id, row.draftVersion))!);
    });
  }

  /** For imports: create or update by full slug inside the caller's transaction. */
  async upsertIn(
    tx: Db,
    input: NewStory,
    content: StoryContent,
    publish: boolean,
  ): Promise<{ story: CmsStory; change: "created" | "updated" | "unchanged" } | CmsError> {
    const [existing] = await tx.select().from(cmsStories).where(eq(cmsStories.fullSlug, input.full_slug));
    if (!existing) {
      const story = await this.createIn(tx, input, content, publish);
      return story instanceof CmsError ? story : { story, change: "created" };
    }
    const draft = (await loadVersion(tx, existing.id, existing.draftVersion))!;
    const same = draft.name === input.name && sameJson(draft.content, content);
    let story: CmsStory | CmsError = storyView(existing, draft);
    if (!same) story = await this.updateIn(tx, existing.id, { name: input.name }, content);
    if (story instanceof CmsError) return story;
    if (publish && (!same || existing.publishedVersion !== existing.draftVersion)) {
      const locked = (await lockStory(tx, existing.id))!;
      const published = await publishIn(tx, locked, locked.draftVersion, this.now());
      if (published instanceof CmsError) return published;
    }
    return { story, change: same ? "unchanged" : "updated" };
  }

  private async createIn(tx: Db, input: NewStory, content: StoryContent, publish: boolean) {
    const [taken] = await tx
      .select({ id: cmsStories.id })
      .from(cmsStories)
      .where(eq(cmsStories.fullSlug, input.full_slug));
    if (taken) return slugTaken(input.full_slug, taken.id);
    const now = this.now();
    const [story] = await tx
      .insert(cmsStories)
      .values({
        uuid: randomUUID(),
        fullSlug: input.full_slug,
        draftVersion: 1,
        position: input.position ?? 0,
        isStartpage: input.is_startpage ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const version = await this.insertVersion(tx, story!, 1, input.name, input.full_slug, content);
    if (!publish) return storyView(story!, version);
    const published = await publishIn(tx, story!, 1, now);
    return published instanceof CmsError ? published : storyView(published, version);
  }

  private async updateIn(tx: Db, id: number, patch: StoryPatch, content: StoryContent | undefined) {
    const story = await lockStory(tx, id);
    if (!story) return notFound(`Story ${id}`);
    if (patch.expected_version !== undefined && patch.expected_version !== story.draftVersion) {
      return new CmsError(
        "conflict",
        `expected_version: the draft is at version ${story.draftVersion}, not ${patch.expected_version}; reload it and save again`,
      );
    }
    const current = (await loadVersion(tx, id, story.draftVersion))!;
    const fullSlug = patch.full_slug ?? current.fullSlug;
    if (fullSlug !== story.fullSlug) {
      const [taken] = await tx
        .select({ id: cmsStories.id })
        .from(cmsStories)
        .where(eq(cmsStories.fullSlug, fullSlug));
      if (taken) return slugTaken(fullSlug, taken.id);
    }
    const next = story.draftVersion + 1;
    const [updated] = await tx
      .update(cmsStories)
      .set({ draftVersion: next, fullSlug, updatedAt: this.now() })
      .where(eq(cmsStories.id, id))
      .returning();
    const version = await this.insertVersion(
      tx,
      updated!,
      next,
      patch.name ?? current.name,
      fullSlug,
      content ?? current.content,
    );
    return storyView(updated!, version);
  }

  private async insertVersion(
    tx: Db,
    story: StoryRow,
    version: number,
    name: string,
    fullSlug: string,
    content: StoryContent,
  ): Promise<VersionRow> {
    const [row] = await tx
      .insert(cmsStoryVersions)
      .values({
        storyId: story.id,
        version,
        name,
        fullSlug,
        component: content.component,
        content,
        createdAt: this.now(),
      })
      .returning();
    await notifyCms(tx, { type: "draft-saved", id: story.id, version, full_slug: fullSlug });
    return row!;
  }

  /** One transaction; a business error rolls it back and is returned. */
  async write<T>(work: (tx: Db) => Promise<T | CmsError>): Promise<T | CmsError> {
    const rollback = Symbol("rollback");
    let failure: CmsError | undefined;
    try {
      return await this.db.transaction(async (tx) => {
        const result = await work(tx as unknown as Db);
        if (result instanceof CmsError) {
          failure = result;
          throw rollback;
        }
        return result;
      });
    } catch (error) {
      if (error === rollback && failure) return failure;
      if (isUniqueViolation(error))
        return new CmsError("conflict", "full_slug: another story took this slug meanwhile");
      throw error;
    }
  }

  private publishedRows(where: ReturnType<typeof eq>) {
    return this.db
      .select({ story: cmsStories, version: cmsStoryVersions })
      .from(cmsStories)
      .innerJoin(
        cmsStoryVersions,
        and(
          eq(cmsStoryVersions.storyId, cmsStories.id),
          eq(cmsStoryVersions.version, cmsStories.publishedVersion),
        ),
      )
      .where(and(isNotNull(cmsStories.publishedVersion), where))
      .orderBy(asc(cmsStories.position), asc(cmsStories.id));
  }

  private async withVersion(id: number, pick: (story: StoryRow) => number) {
    const [story] = await this.db.select().from(cmsStories).where(eq(cmsStories.id, id));
    if (!story) return undefined;
    const version = await loadVersion(this.db, id, pick(story));
    return version && { story, version };
  }
}

function checkSlug(fullSlug: string, path: string): CmsError | undefined {
  if (FULL_SLUG.test(fullSlug) && fullSlug.length <= 300) return undefined;
  const message = "must be lower-case path segments of letters, digits, - and _ (e.g. categories/schoenen)";
  return new CmsError("invalid", `${path}: ${message}`, [{ path, message }]);
}

function slugTaken(fullSlug: string, id: number): CmsError {
  return new CmsError("conflict", `full_slug: story ${id} already has the full slug ${fullSlug}`);
}

/** jsonb keeps its own key order, so compare with keys sorted. */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

export { CmsError };
