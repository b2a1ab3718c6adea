import type { EventEmitter } from "node:events";
import type { CmsStory } from "@etalage/core";
import type { CmsEventMap } from "../services/cms/cms-events.ts";

export interface PublishedStoriesOptions {
  /** Longest time a story is reused without a publish notice; bounds staleness if one is lost. */
  maxAgeMs?: number;
  /** Slugs come from the catalogue and the CMS, not from shoppers, but memory stays bounded. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * The published stories server rendering reads, kept in memory: every page reads the menu,
 * footer and selling points, a category page also its story, and from the database that was
 * about a third of a page's CPU (docs/decisions/0007-storefront-speed.md). Any publish,
 * unpublish or release drops them all (a story may show another's content, and slugs move);
 * `maxAgeMs` bounds how long a notice lost with the PostgreSQL listener's connection could
 * leave a story stale. This caches data, not HTML: every request still renders.
 */
export function publishedStories(
  load: (fullSlug: string) => Promise<CmsStory | undefined>,
  events: Pick<EventEmitter<CmsEventMap>, "on">,
  options: PublishedStoriesOptions = {},
) {
  const { maxAgeMs = 10_000, maxEntries = 5_000, now = Date.now } = options;
  const stories = new Map<string, { at: number; story: Promise<CmsStory | undefined> }>();
  // Clearing also drops a read in flight, which may have started before the publish committed.
  events.on("cms-published", () => stories.clear());

  return function story(fullSlug: string): Promise<CmsStory | undefined> {
    const kept = stories.get(fullSlug);
    const at = now();
    if (kept && at - kept.at < maxAgeMs) return kept.story;
    const story = load(fullSlug);
    if (stories.size >= maxEntries) stories.clear();
    stories.set(fullSlug, { at, story });
    // A failed read is not kept: the next request asks the database again.
    story.catch(() => {
      if (stories.get(fullSlug)?.story === story) stories.delete(fullSlug);
    });
    return story;
  };
}
