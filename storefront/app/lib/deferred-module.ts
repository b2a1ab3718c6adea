import { use } from "react";

type Tracked<M> = Promise<M> & { status?: "pending" | "fulfilled" | "rejected"; value?: M; reason?: unknown };

export interface DeferredModule<M> {
  /** Starts (or joins) the import; a failed one is tried again on the next call. */
  load(): Promise<M>;
  /**
   * The module inside render: at once when loaded, otherwise it suspends. Server-side the loader
   * has awaited `load()`, so the page renders in one pass; in the browser the first render is the
   * hydration, and React keeps the server's HTML of the surrounding <Suspense> until the chunk is
   * there, then hydrates it (docs/decisions/0007-storefront-speed.md).
   */
  use(): M;
}

/**
 * A page's code in its own chunk, loaded by the route that shows it (routes/dispatcher.tsx shows
 * category and product pages: each only needs its own). The promise carries React's
 * `status`/`value` fields, so `use()` reads a loaded module synchronously.
 */
export function deferredModule<M>(importer: () => Promise<M>): DeferredModule<M> {
  let current: Tracked<M> | undefined;
  const load = (): Tracked<M> => {
    if (current) return current;
    const promise: Tracked<M> = importer();
    promise.status = "pending";
    promise.then(
      (value) => {
        promise.status = "fulfilled";
        promise.value = value;
      },
      (reason: unknown) => {
        promise.status = "rejected";
        promise.reason = reason;
        if (current === promise) current = undefined;
      },
    );
    current = promise;
    return promise;
  };
  return { load, use: () => use(load() as Promise<M>) };
}
