import type { StoryContent } from "@etalage/core";
import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The built-in CMS (ARCHITECTURE "Outside systems, built in"): stories with every saved draft
 * kept as a numbered version. The draft is the newest version; the published story is a pointer
 * to one version, so publishing copies nothing and a later draft save cannot touch what is live.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const cmsStories = pgTable(
  "cms_stories",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    uuid: uuid("uuid").notNull().unique(),
    /** The draft's full slug: unique, so two drafts never aim at one path. */
    fullSlug: text("full_slug").notNull().unique(),
    /** The newest version: the draft. */
    draftVersion: integer("draft_version").notNull(),
    /** The live version, or null while unpublished. */
    publishedVersion: integer("published_version"),
    /** The live version's full slug (public lookups go by it), null while unpublished. */
    publishedFullSlug: text("published_full_slug").unique(),
    publishedAt: at("published_at"),
    firstPublishedAt: at("first_published_at"),
    position: integer("position").notNull().default(0),
    isStartpage: boolean("is_startpage").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("cms_stories_published_idx").on(t.publishedVersion)],
);

export const cmsStoryVersions = pgTable(
  "cms_story_versions",
  {
    storyId: integer("story_id")
      .notNull()
      .references(() => cmsStories.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    fullSlug: text("full_slug").notNull(),
    /** The root block's component: `page` makes the story a CMS page, anything else a block. */
    component: text("component").notNull(),
    content: jsonb("content").$type<StoryContent>().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.version] })],
);

/** A set of story versions published together, now or at `publish_at` (the scheduler's job). */
export const cmsReleases = pgTable(
  "cms_releases",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    /** open: being assembled; scheduled: goes live at publish_at; published: done. */
    status: text("status", { enum: ["open", "scheduled", "published"] }).notNull(),
    publishAt: at("publish_at"),
    publishedAt: at("published_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("cms_releases_due_idx").on(t.publishAt).where(sql`status = 'scheduled'`)],
);

export const cmsReleaseItems = pgTable(
  "cms_release_items",
  {
    releaseId: integer("release_id")
      .notNull()
      .references(() => cmsReleases.id, { onDelete: "cascade" }),
    storyId: integer("story_id").notNull(),
    version: integer("version").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.storyId] }),
    foreignKey({
      columns: [t.storyId, t.version],
      foreignColumns: [cmsStoryVersions.storyId, cmsStoryVersions.version],
    }).onDelete("cascade"),
  ],
);
