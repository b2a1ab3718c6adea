/**
 * Releases: a set of story versions that go live together, now or at a scheduled time. A
 * release holds (story, version) pairs; the draft preview shows a story as a release would make
 * it (`from_release`). Publishing a release publishes every pair in one transaction: all or none.
 */
import type { CmsStory } from "@etalage/core";
import { and, asc, eq, lte } from "drizzle-orm";
import { cmsReleaseItems, cmsReleases, cmsStories } from "../../db/schema.ts";
import type { CmsStore } from "./stories.ts";
import { CmsError, loadVersion, lockStory, notFound, publishIn } from "./story-rows.ts";

type ReleaseRow = typeof cmsReleases.$inferSelect;

export interface ReleaseView {
  id: number;
  name: string;
  status: "open" | "scheduled" | "published";
  publish_at: string | null;
  published_at: string | null;
  created_at: string;
  items: { story_id: number; version: number; full_slug: string }[];
}

export interface ReleaseItemInput {
  story_id: number;
  /** The story version the release publishes; its draft at the time of adding when absent. */
  version?: number | undefined;
}

export class CmsReleases {
  constructor(
    private readonly store: CmsStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get db() {
    return this.store.db;
  }

  async list(): Promise<ReleaseView[]> {
    const rows = await this.db.select().from(cmsReleases).orderBy(asc(cmsReleases.id));
    return Promise.all(rows.map((r) => this.view(r)));
  }

  async get(id: number): Promise<ReleaseView | undefined> {
    const [row] = await this.db.select().from(cmsReleases).where(eq(cmsReleases.id, id));
    return row && this.view(row);
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: cmsReleases.id })
      .from(cmsReleases)
      .where(eq(cmsReleases.id, id));
    return row !== undefined;
  }

  /** A story as release `releaseId` would publish it; its draft when the release does not hold it. */
  async storyInRelease(storyId: number, releaseId: number): Promise<CmsStory | undefined> {
    const [item] = await this.db
      .select()
      .from(cmsReleaseItems)
      .where(and(eq(cmsReleaseItems.releaseId, releaseId), eq(cmsReleaseItems.storyId, storyId)));
    if (!item) return this.store.draft(storyId);
    return this.store.atVersion(storyId, item.version, releaseId);
  }

  async create(input: {
    name: string;
    publish_at?: Date | null | undefined;
    items?: ReleaseItemInput[] | undefined;
  }): Promise<ReleaseView | CmsError> {
    const result = await this.store.write(async (tx) => {
      const now = this.now();
      const [release] = await tx
        .insert(cmsReleases)
        .values({
          name: input.name,
          status: input.publish_at ? "scheduled" : "open",
          publishAt: input.publish_at ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      for (const [i, item] of (input.items ?? []).entries()) {
        const added = await this.addIn(tx, release!.id, item, `body.items[${i}]`);
        if (added instanceof CmsError) return added;
      }
      return release!;
    });
    return result instanceof CmsError ? result : this.view(result);
  }

  /** Adds a story (or replaces its version) in an unpublished release. */
  async add(releaseId: number, item: ReleaseItemInput): Promise<ReleaseView | CmsError> {
    const result = await this.store.write(async (tx) => {
      const release = await this.lockOpen(tx, releaseId);
      if (release instanceof CmsError) return release;
      const added = await this.addIn(tx, releaseId, item, "body");
      return added instanceof CmsError ? added : release;
    });
    return result instanceof CmsError ? result : this.view(result);
  }

  /** Renames, schedules (`publish_at`) or unschedules (`publish_at: null`) an unpublished release. */
  async update(
    releaseId: number,
    patch: { name?: string | undefined; publish_at?: Date | null | undefined },
  ): Promise<ReleaseView | CmsError> {
    const result = await this.store.write(async (tx) => {
      const release = await this.lockOpen(tx, releaseId);
      if (release instanceof CmsError) return release;
      const publishAt = patch.publish_at === undefined ? release.publishAt : patch.publish_at;
      const [row] = await tx
        .update(cmsReleases)
        .set({
          name: patch.name ?? release.name,
          publishAt,
          status: publishAt ? "scheduled" : "open",
          updatedAt: this.now(),
        })
        .where(eq(cmsReleases.id, releaseId))
        .returning();
      return row!;
    });
    return result instanceof CmsError ? result : this.view(result);
  }

  async remove(releaseId: number): Promise<true | CmsError> {
    return this.store.write(async (tx) => {
      const release = await this.lockOpen(tx, releaseId);
      if (release instanceof CmsError) return release;
      await tx.delete(cmsReleases).where(eq(cmsReleases.id, releaseId));
      return true as const;
    });
  }

  /**
   * Publishes every story of the release at its version, in one transaction. Safe to call from
   * several instances at once: the release row is locked and a published release is left alone.
   */
  async publish(releaseId: number): Promise<ReleaseView | CmsError> {
    const result = await this.store.write(async (tx) => {
      const [release] = await tx
        .select()
        .from(cmsReleases)
        .where(eq(cmsReleases.id, releaseId))
        .for("update");
      if (!release) return notFound(`Release ${releaseId}`);
      if (release.status === "published") return release;
      const now = this.now();
      const items = await tx
        .select()
        .from(cmsReleaseItems)
        .where(eq(cmsReleaseItems.releaseId, releaseId))
        .orderBy(asc(cmsReleaseItems.storyId));
      for (const item of items) {
        const story = await lockStory(tx, item.storyId);
        if (!story) continue;
        const published = await publishIn(tx, story, item.version, now, releaseId);
        if (published instanceof CmsError) return published;
      }
      const [row] = await tx
        .update(cmsReleases)
        .set({ status: "published", publishedAt: now, updatedAt: now })
        .where(eq(cmsReleases.id, releaseId))
        .returning();
      return row!;
    });
    return result instanceof CmsError ? result : this.view(result);
  }

  /** Scheduled releases whose time has come, oldest first. */
  async due(at: Date): Promise<number[]> {
    const rows = await this.db
      .select({ id: cmsReleases.id })
      .from(cmsReleases)
      .where(and(eq(cmsReleases.status, "scheduled"), lte(cmsReleases.publishAt, at)))
      .orderBy(asc(cmsReleases.publishAt), asc(cmsReleases.id));
    return rows.map((r) => r.id);
  }

  private async lockOpen(tx: CmsStore["db"], releaseId: number): Promise<ReleaseRow | CmsError> {
    const [release] = await tx.select().from(cmsReleases).where(eq(cmsReleases.id, releaseId)).for("update");
    if (!release) return notFound(`Release ${releaseId}`);
    if (release.status === "published")
      return new CmsError("conflict", `Release ${releaseId} is already published`);
    return release;
  }

  private async addIn(tx: CmsStore["db"], releaseId: number, item: ReleaseItemInput, path: string) {
    const [story] = await tx.select().from(cmsStories).where(eq(cmsStories.id, item.story_id));
    if (!story) return new CmsError("not_found", `${path}.story_id: story ${item.story_id} not found`);
    const version = item.version ?? story.draftVersion;
    if (!(await loadVersion(tx, story.id, version))) {
      return new CmsError("not_found", `${path}.version: story ${story.id} has no version ${version}`);
    }
    await tx
      .insert(cmsReleaseItems)
      .values({ releaseId, storyId: story.id, version })
      .onConflictDoUpdate({ target: [cmsReleaseItems.releaseId, cmsReleaseItems.storyId], set: { version } });
    return true as const;
  }

  private async view(row: ReleaseRow): Promise<ReleaseView> {
    const items = await this.db
      .select({
        storyId: cmsReleaseItems.storyId,
        version: cmsReleaseItems.version,
        fullSlug: cmsStories.fullSlug,
      })
      .from(cmsReleaseItems)
      .innerJoin(cmsStories, eq(cmsStories.id, cmsReleaseItems.storyId))
      .where(eq(cmsReleaseItems.releaseId, row.id))
      .orderBy(asc(cmsReleaseItems.storyId));
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      publish_at: row.publishAt?.toISOString() ?? null,
      published_at: row.publishedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      items: items.map((i) => ({ story_id: i.storyId, version: i.version, full_slug: i.fullSlug })),
    };
  }
}
