/**
 * The CMS store's building blocks inside a transaction: reading rows, turning them into the
 * story shape the API answers, and publishing one version. Stories and releases both use them.
 */
import { type CmsStory, type ContentIssue, STORE, slugOf, storyKind } from "@etalage/core";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cmsStories, cmsStoryVersions } from "../../db/schema.ts";
import { notifyCms } from "./cms-events.ts";
import { sanitizeContent } from "./sanitize.ts";

export type StoryRow = typeof cmsStories.$inferSelect;
export type VersionRow = typeof cmsStoryVersions.$inferSelect;

/** A business error (Vendure style): returned, not thrown; the route maps `kind` to a status. */
export class CmsError {
  constructor(
    readonly kind: "not_found" | "conflict" | "invalid",
    readonly message: string,
    readonly issues: ContentIssue[] = [],
  ) {}
}

export const notFound = (what: string) => new CmsError("not_found", `${what} not found`);

/** Draft never published; live and equal to the draft; live with a newer draft; taken offline. */
type StoryState = "draft" | "published" | "changed" | "unpublished";

function stateOf(story: StoryRow): StoryState {
  if (story.publishedVersion === null) return story.firstPublishedAt ? "unpublished" : "draft";
  return story.publishedVersion === story.draftVersion ? "published" : "changed";
}

/** The story as the CMS endpoints answer it. Rich text is sanitised again on the way out. */
export function storyView(story: StoryRow, version: VersionRow, releaseId: number | null = null): CmsStory {
  return {
    id: story.id,
    uuid: story.uuid,
    name: version.name,
    slug: slugOf(version.fullSlug),
    full_slug: version.fullSlug,
    content: sanitizeContent(version.content),
    created_at: story.createdAt.toISOString(),
    published_at: story.publishedAt?.toISOString() ?? null,
    first_published_at: story.firstPublishedAt?.toISOString() ?? null,
    updated_at: version.createdAt.toISOString(),
    position: story.position,
    is_startpage: story.isStartpage,
    parent_id: null,
    tag_list: [],
    lang: "default",
    release_id: releaseId,
    version: version.version,
  };
}

export interface StorySummary {
  id: number;
  uuid: string;
  name: string;
  full_slug: string;
  component: string;
  kind: "cms_page" | "cms_block";
  state: StoryState;
  draft_version: number;
  published_version: number | null;
  published_full_slug: string | null;
  published_at: string | null;
  updated_at: string;
}

export function summaryOf(story: StoryRow, draft: VersionRow): StorySummary {
  return {
    id: story.id,
    uuid: story.uuid,
    name: draft.name,
    full_slug: story.fullSlug,
    component: draft.component,
    kind: storyKind(draft.component),
    state: stateOf(story),
    draft_version: story.draftVersion,
    published_version: story.publishedVersion,
    published_full_slug: story.publishedFullSlug,
    published_at: story.publishedAt?.toISOString() ?? null,
    updated_at: story.updatedAt.toISOString(),
  };
}

/**
 * A published story as a catalogue `cms_page` or `cms_block` document (contract "Catalogue",
 * `/api/ext/cms-data`): the Magento CMS entity's fields, with the story beside them.
 */
export function entityDoc(story: StoryRow, version: VersionRow): Record<string, unknown> {
  return entityDocOf(storyView(story, version));
}

/** The same document from a story as any CMS answers it (the Storyblok adapter's too). */
export function entityDocOf(view: CmsStory): Record<string, unknown> {
  const kind = storyKind(view.content.component);
  const seo = "seo" in view.content ? view.content.seo : undefined;
  const common = {
    id: view.id,
    identifier: view.full_slug,
    title: view.name,
    is_active: true,
    store_id: STORE.storeId,
    uuid: view.uuid,
    full_slug: view.full_slug,
    component: view.content.component,
    content: view.content,
    updated_at: view.published_at,
  };
  if (kind === "cms_block") return { ...common, block_id: view.id };
  return {
    ...common,
    page_id: view.id,
    content_heading: view.name,
    meta_title: seo?.title || view.name,
    meta_description: seo?.description ?? "",
    meta_keywords: seo?.keywords ?? "",
    story: view,
  };
}

/** The story row, locked until the transaction ends, so concurrent saves take turns. */
export async function lockStory(tx: Db, id: number): Promise<StoryRow | undefined> {
  const [row] = await tx.select().from(cmsStories).where(eq(cmsStories.id, id)).for("update");
  return row;
}

export async function loadVersion(db: Db, storyId: number, version: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(cmsStoryVersions)
    .where(and(eq(cmsStoryVersions.storyId, storyId), eq(cmsStoryVersions.version, version)));
  return row;
}

/** Makes `version` the live one (the story row must be locked by `tx`) and tells every instance. */
export async function publishIn(
  tx: Db,
  story: StoryRow,
  versionNumber: number,
  now: Date,
  releaseId?: number,
): Promise<StoryRow | CmsError> {
  const version = await loadVersion(tx, story.id, versionNumber);
  if (!version) return notFound(`Version ${versionNumber} of story ${story.id}`);
  const [taken] = await tx
    .select({ id: cmsStories.id })
    .from(cmsStories)
    .where(and(eq(cmsStories.publishedFullSlug, version.fullSlug), ne(cmsStories.id, story.id)));
  if (taken) {
    return new CmsError(
      "conflict",
      `full_slug: story ${taken.id} is already published at ${version.fullSlug}; move or unpublish it first`,
    );
  }
  const [updated] = await tx
    .update(cmsStories)
    .set({
      publishedVersion: version.version,
      publishedFullSlug: version.fullSlug,
      publishedAt: now,
      firstPublishedAt: sql`coalesce(${cmsStories.firstPublishedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(cmsStories.id, story.id))
    .returning();
  const previous = story.publishedFullSlug;
  await notifyCms(tx, {
    type: "published",
    id: story.id,
    uuid: story.uuid,
    full_slug: version.fullSlug,
    ...(previous && previous !== version.fullSlug ? { previous_full_slug: previous } : {}),
    published: true,
    version: version.version,
    ...(releaseId === undefined ? {} : { release_id: releaseId }),
  });
  return updated!;
}

/** PostgreSQL's unique_violation, through Drizzle's wrapper and either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}
