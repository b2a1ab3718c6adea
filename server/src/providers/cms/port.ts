import type { CmsStory } from "@etalage/core";
import type { CmsEvents } from "../../services/cms/cms-events.ts";
import type { CmsPageLookup } from "../../services/url-resolve.ts";

/**
 * The CMS port (ARCHITECTURE "Outside systems, built in"): what the shop reads from its
 * headless CMS. The built-in implementation keeps stories in Postgres; the Storyblok adapter
 * (storyblok.ts) answers the same calls from Storyblok's Content Delivery API.
 */

export interface PreviewParams {
  id: number;
  spaceId: number;
  timestamp: number;
  token: string;
}

export type PreviewCheck =
  | { ok: true; id: number; spaceId: number; expiresAt: Date }
  | { ok: false; message: string };

export type CdnAnswer = { ok: true; story: CmsStory } | { ok: false; status: 401 | 404; message: string };

export interface CmsPort {
  /** `builtin` (stories in our database) or `storyblok` (STORYBLOK_ACCESS_TOKEN). */
  readonly kind: "builtin" | "storyblok";
  /** Listens for change events (and, on the built-in CMS, runs the release scheduler). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The published story at a full slug. */
  story(fullSlug: string): Promise<CmsStory | undefined>;
  /** Published stories by uuid, in slug order. */
  storiesByUuid(uuids: readonly string[]): Promise<CmsStory[]>;
  /**
   * A story by id or full slug: published for anyone; the draft, or a release's version of it,
   * only with a preview token for that story.
   */
  cdnStory(
    key: string,
    options: { version: "published" | "draft"; token?: string | undefined; releaseId?: number | undefined },
  ): Promise<CdnAnswer>;
  /** The visual editor's check of a preview URL's id, spaceId, timestamp and token. */
  validatePreview(params: PreviewParams): PreviewCheck;
  /** Whether `token` may watch story `id`'s drafts (the live preview channel). */
  previewAllowed(id: number, token: string): PreviewCheck;
  /** URL mapping's CMS page lookup (published pages by identifier = full slug). */
  page: CmsPageLookup;
  /** Published pages or blocks as catalogue documents. */
  entityDocs(type: "cms_page" | "cms_block"): Promise<Record<string, unknown>[]>;
  /** `/api/ext/cms-data/cms{Page|Block}/{id}`: one page or block by id or identifier. */
  cmsData(type: "cms_page" | "cms_block", key: string): Promise<Record<string, unknown> | undefined>;
  /** `cms-published` and `draft-saved`, on every instance. */
  events: CmsEvents;
}
