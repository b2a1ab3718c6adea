import pino from "pino";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { CmsEvents } from "../../services/cms/cms-events.ts";
import { CMS_SPACE_ID, PreviewTokens, previewSecret } from "../../services/cms/preview-token.ts";
import { ReleaseScheduler } from "../../services/cms/release-scheduler.ts";
import { CmsReleases } from "../../services/cms/releases.ts";
import { CmsStore } from "../../services/cms/stories.ts";
import { BuiltinCda, spaceTokens } from "./builtin-cda.ts";
import type { CdnAnswer, CmsPort, PreviewCheck, PreviewParams } from "./port.ts";

export interface BuiltinCmsOptions {
  /** The clock for publish times and token expiry; tests move it. */
  now?: () => Date;
}

/** The CMS in our own database: stories, versions, releases, preview tokens, a release scheduler. */
export class BuiltinCms implements CmsPort {
  readonly kind = "builtin" as const;
  readonly releases: CmsReleases;
  readonly scheduler: ReleaseScheduler;
  /** Storyblok's Content Delivery API v2 over these stories (what storyblok-js-client reads). */
  readonly cda: BuiltinCda;

  private constructor(
    readonly store: CmsStore,
    readonly tokens: PreviewTokens,
    readonly events: CmsEvents,
    config: Config,
    now: () => Date,
    secret: string,
  ) {
    this.releases = new CmsReleases(store, now);
    this.cda = new BuiltinCda(store.db, store, this.releases, tokens, spaceTokens(secret));
    const log = pino({ name: "cms", level: config.LOG_LEVEL });
    this.scheduler = new ReleaseScheduler(this.releases, {
      intervalMs: config.CMS_SCHEDULER_INTERVAL_MS,
      now,
      log,
    });
  }

  static async create(
    config: Config,
    database: Database,
    options: BuiltinCmsOptions = {},
  ): Promise<BuiltinCms> {
    const now = options.now ?? (() => new Date());
    const log = pino({ name: "cms", level: config.LOG_LEVEL });
    const secret = await previewSecret(config.CMS_PREVIEW_SECRET, config.dataDir);
    if (!config.CMS_PREVIEW_SECRET && database.kind === "postgres") {
      log.warn("CMS_PREVIEW_SECRET is not set: preview tokens only work on the instance that issued them");
    }
    const tokens = new PreviewTokens(secret, config.CMS_PREVIEW_TTL_SECONDS, now);
    const events = new CmsEvents(database, log);
    return new BuiltinCms(new CmsStore(database.db, now), tokens, events, config, now, secret);
  }

  /** Listens for changes and starts the scheduler (which publishes anything already due). */
  async start(): Promise<void> {
    await this.events.start();
    this.scheduler.start();
  }

  async stop(): Promise<void> {
    await this.scheduler.stop();
    await this.events.stop();
  }

  story(fullSlug: string) {
    return this.store.published(fullSlug);
  }

  storiesByUuid(uuids: readonly string[]) {
    return this.store.publishedByUuids(uuids);
  }

  async cdnStory(
    key: string,
    options: { version: "published" | "draft"; token?: string | undefined; releaseId?: number | undefined },
  ): Promise<CdnAnswer> {
    if (options.version === "published") {
      const id = await this.store.idOf(key);
      const story = id === undefined ? undefined : await this.store.publishedById(id);
      return story ? { ok: true, story } : { ok: false, status: 404, message: `No published story ${key}` };
    }
    // The token is checked before anything is looked up: without one, a draft's existence is not told.
    const checked = this.tokens.check(options.token);
    if (!checked.ok) return { ok: false, status: 401, message: tokenMessage(checked.reason) };
    const id = await this.store.idOf(key);
    if (id === undefined || id !== checked.claims.sid) {
      return { ok: false, status: 401, message: "token: this preview token is for another story" };
    }
    if (options.releaseId !== undefined && !(await this.releases.exists(options.releaseId))) {
      return { ok: false, status: 404, message: `from_release: no release ${options.releaseId}` };
    }
    const story = options.releaseId
      ? await this.releases.storyInRelease(id, options.releaseId)
      : await this.store.draft(id);
    return story ? { ok: true, story } : { ok: false, status: 404, message: `No story ${key}` };
  }

  validatePreview(params: PreviewParams): PreviewCheck {
    const checked = this.previewAllowed(params.id, params.token);
    if (!checked.ok) return checked;
    if (params.spaceId !== CMS_SPACE_ID)
      return { ok: false, message: "spaceId: not this shop's content space" };
    const claims = this.tokens.check(params.token);
    if (claims.ok && claims.claims.iat !== params.timestamp) {
      return { ok: false, message: "timestamp: does not match the preview token" };
    }
    return checked;
  }

  previewAllowed(id: number, token: string): PreviewCheck {
    const checked = this.tokens.check(token);
    if (!checked.ok) return { ok: false, message: tokenMessage(checked.reason) };
    if (checked.claims.sid !== id)
      return { ok: false, message: "token: this preview token is for another story" };
    return { ok: true, id, spaceId: checked.claims.space, expiresAt: new Date(checked.claims.exp * 1000) };
  }

  /** URL mapping: a path is a CMS page when a published page has it as full slug. */
  page = (identifier: string) => this.store.publishedDoc("cms_page", identifier, "slug");

  entityDocs(type: "cms_page" | "cms_block") {
    return this.store.publishedDocs(type);
  }

  cmsData(type: "cms_page" | "cms_block", key: string) {
    return this.store.publishedDoc(type, key);
  }
}

function tokenMessage(reason: "invalid" | "expired"): string {
  return reason === "expired"
    ? "token: the preview token has expired; open the preview again from the editor"
    : "token: a valid preview token is required";
}
