/**
 * A story from Storyblok as the shop renders it. Storyblok's delivery API adds fields our block
 * schemas (core/src/cms/blocks.ts, strict) do not know: `fieldtype`, asset `id`/`name`/
 * `copyright`/`meta_data`/`is_external_url`, a focus as `"12x34:56x78"`, and in drafts
 * `_editable`. They are dropped or translated here, then the content is checked and its rich
 * text sanitised exactly as content saved in the built-in CMS is: a story that does not pass is
 * not shown (and logged), never rendered half-understood.
 */
import { type CmsStory, type ContentIssue, checkStoryContent } from "@etalage/core";
import type { ISbStoryData } from "storyblok-js-client";
import { sanitizeContent } from "../../services/cms/sanitize.ts";

const ASSET_KEYS = ["filename", "alt", "title", "poster", "sources"] as const;
const LINK_KEYS = ["url", "cached_url", "linktype", "target", "id", "anchor"] as const;

/** `"120x80:121x81"` (Storyblok's focal point in pixels) cannot become 0–1 without the image size. */
function asset(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ASSET_KEYS) {
    const value = node[key];
    if (value !== undefined && value !== null && value !== "") out[key] = value;
  }
  return out;
}

function link(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { url: node.url ?? "", cached_url: node.cached_url ?? "" };
  for (const key of LINK_KEYS.slice(2)) {
    const value = node[key];
    if (typeof value === "string" && value !== "") out[key] = value;
  }
  // A link to a story carries the story's path in `story.full_slug` once links are resolved.
  const story = node.story as { full_slug?: unknown } | undefined;
  if (node.linktype === "story" && typeof story?.full_slug === "string") out.cached_url = story.full_slug;
  return out;
}

function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value === null || typeof value !== "object") return value;
  const node = value as Record<string, unknown>;
  if (node.fieldtype === "asset") return asset(node);
  if (node.fieldtype === "multilink") return link(node);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(node)) {
    if (key === "_editable" || key === "fieldtype") continue;
    out[key] = normalise(v);
  }
  return out;
}

export type StoryblokStory = { ok: true; story: CmsStory } | { ok: false; issues: ContentIssue[] };

export function fromStoryblok(data: ISbStoryData): StoryblokStory {
  const checked = checkStoryContent(normalise(data.content), "content");
  if (!checked.ok) return { ok: false, issues: checked.issues };
  return {
    ok: true,
    story: {
      id: data.id,
      uuid: data.uuid,
      name: data.name,
      slug: data.slug,
      full_slug: data.full_slug.replace(/^\/+|\/+$/g, ""),
      content: sanitizeContent(checked.content),
      created_at: data.created_at,
      published_at: data.published_at,
      first_published_at: data.first_published_at ?? null,
      updated_at: data.updated_at ?? data.published_at ?? data.created_at,
      position: data.position,
      is_startpage: data.is_startpage ?? false,
      parent_id: data.parent_id,
      tag_list: data.tag_list ?? [],
      lang: data.lang,
      release_id: data.release_id ?? null,
      version: 0,
    },
  };
}
