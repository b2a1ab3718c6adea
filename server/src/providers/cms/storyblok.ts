/**
 * The CMS port on Storyblok (issue 24 item 4): stories from Storyblok's Content Delivery API v2
 * through its official client, `storyblok-js-client`. The same adapter reads the built-in CMS's
 * emulation of that API in the tests (with `endpoint`), so switching vendors is configuration.
 *
 * Cache invalidation follows Storyblok's guide: every published read carries the space's cache
 * version (`cv`), read from `cdn/spaces/me` at start, after every publish notice (Storyblok's
 * webhook, checked in storyblok-webhook.ts and passed to every instance as a CMS event) and at
 * least every `cvMaxAgeMs`, so a lost webhook leaves content stale for a minute at most.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { type CmsStory, storyKind } from "@etalage/core";
import type { Logger } from "pino";
import StoryblokClient, { type ISbStoriesParams, type ISbStoryData } from "storyblok-js-client";
import type { CmsEvents } from "../../services/cms/cms-events.ts";
import { entityDocOf } from "../../services/cms/story-rows.ts";
import type { CdnAnswer, CmsPort, PreviewCheck, PreviewParams } from "./port.ts";
import { fromStoryblok } from "./storyblok-content.ts";

export interface StoryblokSettings {
  /** The space's public (or preview) access token: published content. */
  accessToken: string;
  /** The space's preview token: drafts, releases and the visual editor's check. */
  previewToken?: string | undefined;
  /** The space id the visual editor sends (`_storyblok_tk[space_id]`). */
  spaceId?: number | undefined;
  /** eu (default), us, ap, ca or cn. */
  region?: string | undefined;
  /** Another Content Delivery API (the built-in CMS's, in tests). */
  endpoint?: string | undefined;
  /** How long a cache version is trusted without a publish notice. */
  cvMaxAgeMs?: number;
  /** How old the editor's `_storyblok_tk[timestamp]` may be (Storyblok's guide: an hour). */
  previewMaxAgeSeconds?: number;
  now?: () => Date;
}

const NOT_FOUND = 404;

/** Storyblok's own check of a preview URL: sha1(space_id:preview_token:timestamp), and fresh. */
export function storyblokEditorToken(spaceId: number, previewToken: string, timestamp: number): string {
  return createHash("sha1").update(`${spaceId}:${previewToken}:${timestamp}`).digest("hex");
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

export class StoryblokCms implements CmsPort {
  readonly kind = "storyblok" as const;
  private readonly published: StoryblokClient;
  private readonly drafts: StoryblokClient | undefined;
  private cv: number | undefined;
  private cvAt = 0;
  private cvRefresh: Promise<void> | undefined;
  private readonly now: () => Date;
  private readonly onPublished = () => void this.refreshCv();

  constructor(
    private readonly settings: StoryblokSettings,
    readonly events: CmsEvents,
    private readonly log: Pick<Logger, "warn" | "error" | "info">,
  ) {
    this.now = settings.now ?? (() => new Date());
    const base = {
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.region ? { region: settings.region } : {}),
      // The shop keeps its own caches (published-stories.ts, the HTML cache) and the cv by hand.
      cache: { type: "none" as const, cv: "manual" as const },
      timeout: 10,
      maxRetries: 3,
    };
    this.published = new StoryblokClient({ ...base, accessToken: settings.accessToken });
    this.drafts = settings.previewToken
      ? new StoryblokClient({ ...base, accessToken: settings.previewToken })
      : undefined;
  }

  async start(): Promise<void> {
    await this.events.start();
    this.events.on("cms-published", this.onPublished);
    await this.refreshCv().catch(() => {});
  }

  async stop(): Promise<void> {
    this.events.off("cms-published", this.onPublished);
    await this.events.stop();
  }

  /** Reads the space's current cache version (`cdn/spaces/me`, without a cv). */
  refreshCv(): Promise<void> {
    this.cvRefresh ??= this.published
      .get("cdn/spaces/me", {})
      .then((answer) => {
        const version = Number(answer.data?.space?.version);
        if (Number.isSafeInteger(version) && version > 0) this.cv = version;
        this.cvAt = Date.now();
      })
      .catch((error) => {
        this.log.warn({ err: error, status: statusOf(error) }, "Storyblok: reading the cache version failed");
        throw error;
      })
      .finally(() => {
        this.cvRefresh = undefined;
      });
    return this.cvRefresh;
  }

  /** The cv published reads carry; refreshed in the background when older than `cvMaxAgeMs`. */
  cacheVersion(): number | undefined {
    if (Date.now() - this.cvAt > (this.settings.cvMaxAgeMs ?? 60_000)) void this.refreshCv().catch(() => {});
    return this.cv;
  }

  private publishedParams(extra: ISbStoriesParams = {}): ISbStoriesParams {
    const cv = this.cacheVersion();
    return { version: "published", ...(cv ? { cv } : {}), ...extra };
  }

  private toStory(data: ISbStoryData | undefined): CmsStory | undefined {
    if (!data) return undefined;
    const mapped = fromStoryblok(data);
    if (mapped.ok) return mapped.story;
    this.log.warn(
      { story: data.full_slug, issues: mapped.issues.slice(0, 5) },
      "Storyblok: a story's content does not fit the shop's blocks; it is not shown",
    );
    return undefined;
  }

  private async read(
    client: StoryblokClient,
    key: string,
    params: ISbStoriesParams,
  ): Promise<CmsStory | undefined> {
    try {
      const answer = await client.getStory(key, params);
      return this.toStory(answer.data.story);
    } catch (error) {
      if (statusOf(error) === NOT_FOUND) return undefined;
      throw error;
    }
  }

  story(fullSlug: string): Promise<CmsStory | undefined> {
    return this.read(this.published, fullSlug, this.publishedParams());
  }

  async storiesByUuid(uuids: readonly string[]): Promise<CmsStory[]> {
    if (uuids.length === 0) return [];
    const answer = await this.published.getStories(
      this.publishedParams({ by_uuids: uuids.join(","), per_page: 100, sort_by: "full_slug:asc" }),
    );
    return (answer.data.stories as ISbStoryData[]).flatMap((s) => this.toStory(s) ?? []);
  }

  async cdnStory(
    key: string,
    options: { version: "published" | "draft"; token?: string | undefined; releaseId?: number | undefined },
  ): Promise<CdnAnswer> {
    if (options.version === "published") {
      const story = await this.story(key);
      return story ? { ok: true, story } : { ok: false, status: 404, message: `No published story ${key}` };
    }
    // Drafts only for an editor the visual editor vouched for (validatePreview), with the space's preview token.
    if (!this.drafts) return { ok: false, status: 401, message: "token: STORYBLOK_PREVIEW_TOKEN is not set" };
    const story = await this.read(this.drafts, key, {
      version: "draft",
      ...(options.releaseId ? { from_release: String(options.releaseId) } : {}),
    });
    return story ? { ok: true, story } : { ok: false, status: 404, message: `No story ${key}` };
  }

  /**
   * The visual editor opens the preview with `_storyblok_tk[space_id]`, `[timestamp]` and
   * `[token]` = sha1(space_id:preview_token:timestamp); the preview route passes them as spaceId,
   * timestamp and token. Fresh means issued within the last hour (and not from the future).
   */
  validatePreview(params: PreviewParams): PreviewCheck {
    const { previewToken, spaceId } = this.settings;
    if (!previewToken || !spaceId)
      return { ok: false, message: "token: previews need STORYBLOK_PREVIEW_TOKEN and STORYBLOK_SPACE_ID" };
    if (params.spaceId !== spaceId) return { ok: false, message: "spaceId: not this shop's content space" };
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const maxAge = this.settings.previewMaxAgeSeconds ?? 3600;
    if (params.timestamp > nowSeconds + 60 || params.timestamp <= nowSeconds - maxAge)
      return {
        ok: false,
        message: "timestamp: the preview link has expired; open the story again in Storyblok",
      };
    const expected = Buffer.from(storyblokEditorToken(spaceId, previewToken, params.timestamp));
    const given = Buffer.from(params.token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return { ok: false, message: "token: a valid preview token is required" };
    return { ok: true, id: params.id, spaceId, expiresAt: new Date((params.timestamp + maxAge) * 1000) };
  }

  /** Storyblok's bridge pushes edits to the page itself; the built-in live channel is not used. */
  previewAllowed(): PreviewCheck {
    return { ok: false, message: "token: the live preview comes from Storyblok's visual editor" };
  }

  page = async (identifier: string) => {
    const story = await this.story(identifier);
    return story && storyKind(story.content.component) === "cms_page" ? entityDocOf(story) : undefined;
  };

  async entityDocs(type: "cms_page" | "cms_block"): Promise<Record<string, unknown>[]> {
    const all = (await this.published.getAll(
      "cdn/stories",
      this.publishedParams({ per_page: 100 }),
    )) as ISbStoryData[];
    return all
      .flatMap((s) => this.toStory(s) ?? [])
      .map(entityDocOf)
      .filter((doc) => storyKind(String(doc.component)) === type);
  }

  async cmsData(type: "cms_page" | "cms_block", key: string): Promise<Record<string, unknown> | undefined> {
    const story = await this.story(key);
    if (!story) return undefined;
    const doc = entityDocOf(story);
    return storyKind(story.content.component) === type ? doc : undefined;
  }
}
