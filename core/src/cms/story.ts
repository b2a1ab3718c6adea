/**
 * A CMS story (browsing §3 "CMS story") as the CMS endpoints answer it, in the headless CMS's
 * (Storyblok's) shape, and the checks content goes through before it is stored.
 */
import { type StoryContent, storyContentSchema } from "./blocks.ts";

export interface CmsStory {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  content: StoryContent;
  created_at: string;
  /** When this version went live; null for a draft never published. */
  published_at: string | null;
  first_published_at: string | null;
  updated_at: string;
  position: number;
  is_startpage: boolean;
  parent_id: number | null;
  tag_list: string[];
  lang: string;
  /** The release this version comes from (`from_release`), else null. */
  release_id: number | null;
  /** The stored version number this answer shows. */
  version: number;
}

export interface ContentIssue {
  path: string;
  message: string;
}

export type ContentCheck = { ok: true; content: StoryContent } | { ok: false; issues: ContentIssue[] };

/** `body.content.body[2].columnOne[0].link.url`: the path style of every error of the API. */
export function issuePath(prefix: string, parts: readonly PropertyKey[]): string {
  return parts.reduce<string>((text, part) => {
    if (typeof part === "number") return `${text}[${part}]`;
    return text ? `${text}.${String(part)}` : String(part);
  }, prefix);
}

/** Validates story content; issue paths start with `prefix` (where the content sits in the request). */
export function checkStoryContent(content: unknown, prefix = "content"): ContentCheck {
  const parsed = storyContentSchema.safeParse(content);
  if (parsed.success) return { ok: true, content: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      path: issuePath(prefix, issue.path),
      message: issue.message,
    })),
  };
}

/**
 * Gives every block without a `_uid` one (editors writing JSON by hand need not invent them), and
 * a fresh one to a block repeating an earlier `_uid` (copy and paste), so each is unique in the story.
 * Returns a copy; the input is not changed.
 */
export function assignUids<T>(content: T, newUid: () => string): T {
  const seen = new Set<string>();
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = visit(v);
    if (typeof out.component === "string") {
      const uid = out._uid;
      if (typeof uid !== "string" || uid === "" || seen.has(uid)) out._uid = newUid();
      seen.add(out._uid as string);
      // Keep `_uid` and `component` first, as the CMS writes them.
      const { _uid, component, ...rest } = out;
      return { _uid, component, ...rest };
    }
    return out;
  };
  return visit(content) as T;
}

/** Full slugs are lower-case path segments: `home`, `categories/schoenen/sneakers`. */
export const FULL_SLUG = /^[a-z0-9]([a-z0-9_-]*[a-z0-9])?(\/[a-z0-9]([a-z0-9_-]*[a-z0-9])?)*$/;

/** The last segment of a full slug. */
export function slugOf(fullSlug: string): string {
  return fullSlug.slice(fullSlug.lastIndexOf("/") + 1);
}
