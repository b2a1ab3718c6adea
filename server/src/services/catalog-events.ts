import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import pino, { type Logger } from "pino";
import type { Database, Db } from "../db/client.ts";

/**
 * Catalogue change notifications (ARCHITECTURE "Data"): every write to the catalogue issues
 * `pg_notify` inside its transaction, so the notice goes out only if the write commits, and
 * every server instance that LISTENs rebuilds its in-process index. PostgreSQL delivers to
 * every connection of every instance; PGlite delivers in-process to the one instance that
 * holds the data folder. One path for both drivers: the writer never needs to know who listens.
 */

const CATALOG_CHANNEL = "etalage_catalog";

/** Identifies this process in notices, for logs ("who changed the catalogue"). */
const ORIGIN = randomUUID();

/** Call inside the transaction that writes the catalogue; the notice is delivered on commit. */
export async function notifyCatalogChanged(db: Db, detail: Record<string, unknown> = {}): Promise<void> {
  // PostgreSQL caps a payload at 8000 bytes; the notice is a nudge, not the data.
  const payload = JSON.stringify({ origin: ORIGIN, at: new Date().toISOString(), ...detail }).slice(0, 7900);
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${payload})`);
}

/** Drizzle keeps the driver's own client beside the query builder (PGlite instance or pg Pool). */
function driverClient(database: Database): unknown {
  return (database.db as unknown as { $client: unknown }).$client;
}

export interface CatalogEventsOptions {
  /** Rebuilds the index; must swap the new snapshot in atomically (readers see old or new). */
  rebuild: () => Promise<void>;
  /** Notices within this window after the first one share one rebuild. */
  debounceMs: number;
  logLevel?: string;
  /** PostgreSQL only: first wait before reconnecting the listener; doubles up to 30 s. */
  reconnectMs?: number;
  /**
   * When the built index goes out of date by itself (epoch ms): a special price window opens or
   * closes. A rebuild is scheduled for then, as if the catalogue had changed.
   */
  nextChangeAt?: () => number | undefined;
  /** How long to wait before trying again when the rebuild for such a moment failed. */
  retryMs?: number;
}

/** Shown in pg_stat_activity, so an operator (or a test) can find the listening connections. */
export const LISTENER_APPLICATION_NAME = "etalage-catalog-listener";
const MAX_RECONNECT_MS = 30_000;
/** setTimeout's longest delay (about 24.8 days); a later moment is reached in several waits. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class CatalogEvents {
  private readonly log: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Callers waiting for the next rebuild to start (and then finish). */
  private waiting: ((refreshed: boolean) => void)[] = [];
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;
  private pgClient: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectAttempts = 0;
  private rebuilds = 0;
  private changeTimer: NodeJS.Timeout | undefined;
  private lastRunFailed = false;
  private readonly rebuiltListeners = new Set<() => unknown>();

  constructor(
    private readonly database: Database,
    private readonly options: CatalogEventsOptions,
  ) {
    this.log = pino({ name: "catalog-events", level: options.logLevel ?? "info" });
  }

  /** How many rebuilds have finished; lets tests and health checks see the index move. */
  get rebuildCount(): number {
    return this.rebuilds;
  }

  /**
   * Runs `listener` after each rebuild that succeeded, before the callers waiting for it are
   * answered (the HTML output cache drops catalogue pages here). Returns the unsubscribe.
   */
  onRebuilt(listener: () => unknown): () => void {
    this.rebuiltListeners.add(listener);
    return () => this.rebuiltListeners.delete(listener);
  }

  async start(): Promise<void> {
    if (this.database.kind === "pglite") {
      const client = driverClient(this.database) as PGlite;
      this.unlisten = await client.listen(CATALOG_CHANNEL, (payload) => this.onNotice(payload));
    } else {
      await this.connectListener();
    }
  }

  /**
   * Schedules a rebuild (debounced) and resolves once a rebuild that started after this call has
   * finished: true if it succeeded. A writer calls it to answer only after its own change shows.
   */
  requestRefresh(): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    const done = new Promise<boolean>((resolve) => this.waiting.push(resolve));
    this.schedule();
    return done;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.changeTimer);
    clearTimeout(this.reconnectTimer);
    for (const resolve of this.waiting.splice(0)) resolve(false);
    await this.unlisten?.().catch(() => {});
    const client = this.pgClient;
    this.pgClient = undefined;
    await client?.end().catch(() => {});
    await this.running;
  }

  /**
   * Arms the one timer for the moment the index goes out of date by itself (`nextChangeAt`);
   * call it after the first build. Every rebuild re-arms it from the new index. Each instance
   * keeps its own clock: all of them rebuild at about the same moment, none needs a notice.
   */
  scheduleNextChange(): void {
    clearTimeout(this.changeTimer);
    this.changeTimer = undefined;
    const due = this.options.nextChangeAt?.();
    if (this.stopped || due === undefined) return;
    let delay = due - Date.now();
    // Due already: the index was built before that moment. After a failed rebuild, wait a little
    // rather than hammer an unavailable database.
    if (delay <= 0 && this.lastRunFailed) delay = this.options.retryMs ?? 5000;
    this.changeTimer = setTimeout(
      () => {
        this.changeTimer = undefined;
        if (Date.now() < due) {
          // Woken early: the wait was clamped to setTimeout's limit, or the clock moved.
          this.scheduleNextChange();
          return;
        }
        this.log.info(
          { due: new Date(due).toISOString() },
          "a special price window opens or closes; rebuilding",
        );
        void this.requestRefresh();
      },
      Math.min(Math.max(delay, 0), MAX_TIMER_MS),
    );
    // Never keeps the process alive (a CLI, a test, a server shutting down).
    this.changeTimer.unref();
  }

  private onNotice(payload: string | undefined) {
    this.log.debug({ payload }, "catalogue changed");
    void this.requestRefresh();
  }

  private schedule() {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, this.options.debounceMs);
  }

  private async run(): Promise<void> {
    // A rebuild in flight may have read the data before the latest notice: run once more after it.
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.stopped) return;
    const waiters = this.waiting.splice(0);
    const started = performance.now();
    let refreshed = false;
    this.running = this.options.rebuild().then(
      () => {
        refreshed = true;
        this.rebuilds++;
        this.log.info({ ms: Math.round(performance.now() - started) }, "catalogue index rebuilt");
      },
      (error: unknown) =>
        this.log.error({ err: error }, "catalogue index rebuild failed; keeping the old one"),
    );
    await this.running;
    this.lastRunFailed = !refreshed;
    if (refreshed) {
      const results = await Promise.allSettled(
        [...this.rebuiltListeners].map(async (listener) => listener()),
      );
      for (const result of results)
        if (result.status === "rejected") this.log.error({ err: result.reason }, "a rebuild listener failed");
    }
    this.running = undefined;
    this.scheduleNextChange();
    for (const resolve of waiters) resolve(refreshed);
    if (this.again || this.waiting.length > 0) {
      this.again = false;
      if (!this.timer) void this.run();
    }
  }

  /** A dedicated connection: LISTEN does not survive being handed around a pool. */
  private async connectListener(): Promise<void> {
    const pool = driverClient(this.database) as pg.Pool;
    const client = new pg.Client({ ...pool.options, application_name: LISTENER_APPLICATION_NAME });
    client.on("notification", (message) => {
      if (message.channel === CATALOG_CHANNEL) this.onNotice(message.payload);
    });
    client.on("error", (error) => this.dropListener(client, error));
    client.on("end", () => this.dropListener(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.pgClient = client;
  }

  private dropListener(client: pg.Client, error?: Error) {
    if (this.stopped || this.pgClient !== client) return;
    this.pgClient = undefined;
    this.log.warn({ err: error }, "catalogue listener lost its connection; reconnecting");
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.reconnectTimer || this.stopped) return;
    const first = this.options.reconnectMs ?? 500;
    const delay = Math.min(MAX_RECONNECT_MS, first * 2 ** this.reconnectAttempts);
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = undefined;
      try {
        await this.connectListener();
        this.reconnectAttempts = 0;
        this.log.info("catalogue listener reconnected");
        // Notices sent while we were away are lost: catch up with one rebuild.
        void this.requestRefresh();
      } catch (error) {
        this.reconnectAttempts++;
        this.log.warn({ err: error, attempt: this.reconnectAttempts }, "catalogue listener reconnect failed");
        this.scheduleReconnect();
      }
    }, delay);
  }
}
