/**
 * Background work in rounds — the mail outbox, the payment gateway's notifications, payment
 * modifications, contacts sent to Engage: one round at a time per process, on a timer and when
 * asked. A caller that asks for a round gets one that sees everything queued before it asked: a
 * round already under way may have claimed its rows before the caller's row was committed, so
 * the caller waits for it and runs its own (on PostgreSQL a refund's notification was otherwise
 * left to the next tick, seconds later).
 */
export class Rounds {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;
  #again = false;

  constructor(
    private readonly round: () => Promise<number>,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs: number,
  ) {}

  /** Rounds every intervalMs, the first after firstAfterMs. */
  start(firstAfterMs = 0): void {
    const tick = async () => {
      await this.now().catch(this.onError);
      if (this.#timer !== undefined) this.#timer = setTimeout(tick, this.intervalMs).unref();
    };
    this.#timer = setTimeout(tick, firstAfterMs).unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#running) await this.#running.catch(() => {});
  }

  /** A round soon, without waiting for it (after a commit that queued work). */
  kick(): void {
    if (this.#running) this.#again = true;
    else void this.now().catch(this.onError);
  }

  /** A round that sees everything queued before this call; answers what that round did. */
  async now(round: () => Promise<number> = this.round): Promise<number> {
    while (this.#running) await this.#running.catch(() => {});
    this.#running = round().finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.kick();
      }
    });
    return this.#running;
  }
}
