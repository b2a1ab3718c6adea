/**
 * CMS story states (browsing §4 "CMS story"): a story is loading, then loaded; a story already
 * loading is not requested again; a cached story is returned as is; a fetch that finds no story
 * puts the key in the error state, which the page shows as page-not-found (404).
 */

export type StoryState<S> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "loaded"; story: S }
  | { status: "error"; status404: true };

export interface StoryStore<S> {
  /** The story at `key`: the cached one, the request already under way, or a new request. */
  load(key: string, options?: { refresh?: boolean }): Promise<S | undefined>;
  state(key: string): StoryState<S>;
  /** Listens to state changes; returns the unsubscribe. */
  subscribe(listener: (key: string, state: StoryState<S>) => void): () => void;
}

export function createStoryStore<S>(fetchStory: (key: string) => Promise<S | undefined>): StoryStore<S> {
  const states = new Map<string, StoryState<S>>();
  const pending = new Map<string, Promise<S | undefined>>();
  const listeners = new Set<(key: string, state: StoryState<S>) => void>();
  const set = (key: string, state: StoryState<S>) => {
    states.set(key, state);
    for (const listener of listeners) listener(key, state);
  };

  return {
    load(key, options = {}) {
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const current = states.get(key);
      if (current?.status === "loaded" && !options.refresh) return Promise.resolve(current.story);
      set(key, { status: "loading" });
      const request = fetchStory(key)
        .then(
          (story) => {
            set(
              key,
              story === undefined ? { status: "error", status404: true } : { status: "loaded", story },
            );
            return story;
          },
          (error: unknown) => {
            set(key, { status: "error", status404: true });
            throw error;
          },
        )
        .finally(() => pending.delete(key));
      pending.set(key, request);
      return request;
    },
    state: (key) => states.get(key) ?? { status: "idle" },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
