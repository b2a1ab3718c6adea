import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { purgeIdempotencyKeys } from "./idempotency.ts";

/**
 * Work that keeps stored data bounded: idempotency keys past their lifetime (a cart write stores
 * its answer under its key; without this the table grows with every write). Every instance runs
 * it; a DELETE of old rows is harmless when two run at once.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<Logger, "info" | "warn">,
    private readonly intervalMs = 60 * 60 * 1000,
  ) {}

  start() {
    // The first run comes after one interval: a start-up is busy enough.
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** One pass; overlapping calls share it. Answers how many rows were dropped. */
  runOnce(): Promise<number> {
    this.running ??= purgeIdempotencyKeys(this.db)
      .then((dropped) => {
        if (dropped > 0) this.log.info({ dropped }, "expired idempotency keys dropped");
        return dropped;
      })
      .catch((err: unknown) => {
        this.log.warn({ err }, "housekeeping failed; trying again next time");
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running as Promise<number>;
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
