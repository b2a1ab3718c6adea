/**
 * How many images sharp renders at once, and how many more may wait their turn
 * (docs/decisions/0015). Each render takes a libuv thread and, for the largest sizes, a few tens of
 * megabytes; forty at once took every thread of the pool (so even a cached image waited for them)
 * and 700 MB. Renders beyond the limit wait in line; beyond the line the route answers 503 with
 * Retry-After, so a flood of cold renders is refused quickly instead of piling up.
 */
import os from "node:os";
import pLimit, { type LimitFunction } from "p-limit";

/** The line is full: the route answers 503. */
export class RenderQueueFull extends Error {
  constructor() {
    super("Too many images are being rendered; try again shortly");
  }
}

export interface RenderQueueOptions {
  /** Renders at once; one per core by default. */
  concurrency?: number;
  /** Renders that may wait for a turn; a cold listing page asks for about 30. */
  maxWaiting?: number;
}

export class RenderQueue {
  readonly concurrency: number;
  readonly maxWaiting: number;
  /** The most renders that ran at once, for tests and diagnostics. */
  peak = 0;
  private readonly limit: LimitFunction;

  constructor(options: RenderQueueOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? os.availableParallelism());
    this.maxWaiting = Math.max(0, options.maxWaiting ?? 256);
    this.limit = pLimit(this.concurrency);
  }

  get active(): number {
    return this.limit.activeCount;
  }

  get waiting(): number {
    return this.limit.pendingCount;
  }

  /** Runs `render` when a turn comes; rejects with {@link RenderQueueFull} when the line is full. */
  run<T>(render: () => Promise<T>): Promise<T> {
    if (this.limit.activeCount + this.limit.pendingCount >= this.concurrency + this.maxWaiting)
      return Promise.reject(new RenderQueueFull());
    return this.limit(() => {
      this.peak = Math.max(this.peak, this.limit.activeCount);
      return render();
    });
  }
}
