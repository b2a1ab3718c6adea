import type { Logger } from "pino";
import type { CmsReleases } from "./releases.ts";
import { CmsError } from "./story-rows.ts";

export interface SchedulerOptions {
  intervalMs: number;
  /** The clock releases are due by; injectable so a test need not wait for real time. */
  now?: () => Date;
  log: Logger;
}

/**
 * Publishes scheduled releases when their time comes: once at start (a release that fell due
 * while the shop was down goes live at once) and then every `intervalMs`. Every instance runs
 * one; publishing a release locks it, so two instances never publish it twice.
 */
export class ReleaseScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly now: () => Date;

  constructor(
    private readonly releases: CmsReleases,
    private readonly options: SchedulerOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    if (this.timer) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Publishes every release due by now; answers how many went live. Overlapping calls share one run. */
  tick(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<number> {
    let published = 0;
    try {
      for (const id of await this.releases.due(this.now())) {
        const result = await this.releases.publish(id);
        if (result instanceof CmsError) {
          // Left scheduled: the editor sees it still waiting and can fix the conflict; we retry.
          this.options.log.error(
            { release: id, problem: result.message },
            "scheduled release could not be published",
          );
        } else {
          published++;
          this.options.log.info({ release: id, stories: result.items.length }, "scheduled release published");
        }
      }
    } catch (error) {
      this.options.log.error({ err: error }, "release scheduler run failed");
    }
    return published;
  }
}
