import { EventEmitter } from "node:events";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Logger } from "pino";
import type { Database, Db } from "../../db/client.ts";

/**
 * CMS change events. A write issues `pg_notify` inside its transaction, so the notice goes out
 * only if the write commits and reaches every instance (PostgreSQL: every LISTENing connection;
 * PGlite: this process). Each instance re-emits it on its own `CmsEvents`:
 *
 * - `cms-published` ({@link CmsPublishedEvent}): a story went live, changed live version, or was
 *   unpublished; the storefront's HTML cache drops the pages showing `full_slug` (and
 *   `previous_full_slug` when the slug moved).
 * - `draft-saved` ({@link DraftSavedEvent}): a new draft version; the live preview channel pushes it.
 */

const CMS_CHANNEL = "etalage_cms";

export interface CmsPublishedEvent {
  id: number;
  uuid: string;
  full_slug: string;
  /** The slug the story was live at before, when this publish moved it (or it was unpublished). */
  previous_full_slug?: string;
  /** False when the story was unpublished. */
  published: boolean;
  version: number | null;
  release_id?: number;
}

export interface DraftSavedEvent {
  id: number;
  version: number;
  full_slug: string;
}

type Notice = ({ type: "published" } & CmsPublishedEvent) | ({ type: "draft-saved" } & DraftSavedEvent);

/** Call inside the writing transaction; delivered on commit. */
export async function notifyCms(db: Db, notice: Notice): Promise<void> {
  await db.execute(sql`select pg_notify(${CMS_CHANNEL}, ${JSON.stringify(notice)})`);
}

export interface CmsEventMap {
  "cms-published": [CmsPublishedEvent];
  "draft-saved": [DraftSavedEvent];
}

export class CmsEvents extends EventEmitter<CmsEventMap> {
  private unlisten: (() => Promise<void>) | undefined;
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {
    super();
    // One listener per open preview stream and cache; none of them is a leak.
    this.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.database.kind === "pglite") {
      const client = (this.database.db as unknown as { $client: PGlite }).$client;
      this.unlisten = await client.listen(CMS_CHANNEL, (payload) => this.deliver(payload));
    } else {
      await this.connect();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.unlisten?.().catch(() => {});
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private deliver(payload: string | undefined) {
    let notice: Notice;
    try {
      notice = JSON.parse(payload ?? "") as Notice;
    } catch {
      this.log.warn({ payload }, "unreadable CMS notice");
      return;
    }
    const { type, ...event } = notice;
    try {
      if (type === "published") this.emit("cms-published", event as CmsPublishedEvent);
      else if (type === "draft-saved") this.emit("draft-saved", event as DraftSavedEvent);
    } catch (error) {
      // A subscriber's bug must not take the listener down.
      this.log.error({ err: error, type }, "a CMS event subscriber failed");
    }
  }

  /** PostgreSQL: a dedicated connection, since LISTEN does not survive being handed around a pool. */
  private async connect(): Promise<void> {
    const pool = (this.database.db as unknown as { $client: pg.Pool }).$client;
    const client = new pg.Client({ ...pool.options, application_name: "etalage-cms-listener" });
    client.on("notification", (message) => {
      if (message.channel === CMS_CHANNEL) this.deliver(message.payload);
    });
    const lost = (error?: Error) => {
      if (this.stopped || this.client !== client) return;
      this.client = undefined;
      this.log.warn({ err: error }, "CMS listener lost its connection; reconnecting");
      client.end().catch(() => {});
      this.reconnect(500);
    };
    client.on("error", lost);
    client.on("end", () => lost());
    await client.connect();
    await client.query(`LISTEN ${CMS_CHANNEL}`);
    if (this.stopped) await client.end().catch(() => {});
    else this.client = client;
  }

  private reconnect(delayMs: number) {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(async () => {
      this.retry = undefined;
      try {
        await this.connect();
      } catch (error) {
        this.log.warn({ err: error }, "CMS listener reconnect failed");
        this.reconnect(Math.min(30_000, delayMs * 2));
      }
    }, delayMs);
    this.retry.unref();
  }
}
