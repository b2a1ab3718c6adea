import { lazyComponent } from "../../lib/lazy-component.tsx";
import { SearchField } from "./search-field.tsx";
import { closeSearchPanel } from "./search-store.ts";

/**
 * The suggestions are their own chunk, loaded the first time the panel opens (browsing §4).
 * @public: preloaded through this module's deferred load (search-sidebar.tsx).
 */
export const LazySearchPanel = lazyComponent(() => import("./search-panel.tsx"));

/**
 * The sidebar's field and suggestions: a chunk the page loads once the shopper interacts with it
 * (search-sidebar.tsx), so typing never waits for the suggestions' own, larger chunk.
 */
export default function SearchSidebarBody({ statusId }: { statusId: string }) {
  return (
    <>
      <SearchField statusId={statusId} />
      <LazySearchPanel statusId={statusId} onClose={closeSearchPanel} />
    </>
  );
}
