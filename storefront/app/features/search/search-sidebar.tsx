import { t } from "@etalage/core";
import { useEffect, useId } from "react";
import { useLocation } from "react-router";
import { lazyComponent } from "../../lib/lazy-component.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { SearchField } from "./search-field.tsx";
import { closeSearchPanel, useSearchPanelOpen } from "./search-store.ts";
import "./search-sidebar.css";

/** The suggestions are their own chunk, loaded the first time the panel opens (browsing §4). */
export const LazySearchPanel = lazyComponent(() => import("./search-panel.tsx"));

/**
 * The right-hand search sidebar 'Search for products' (browsing §2 "Default layout"). The frame
 * and the field are in the page's bundle, so typing never waits for the chunk, and a slow or
 * failed chunk still has a place to say so.
 */
export function SearchSidebar() {
  const open = useSearchPanelOpen();
  const { pathname, search } = useLocation();
  const statusId = useId();

  // A suggestion or the see-more link took the shopper elsewhere: the panel has done its job.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the URL.
  useEffect(() => {
    closeSearchPanel();
  }, [pathname, search]);

  if (!open) return null;
  return (
    <Dialog title={t("Search for products")} onClose={closeSearchPanel} variant="drawer">
      <div className="search-sidebar">
        <SearchField statusId={statusId} />
        <LazySearchPanel statusId={statusId} onClose={closeSearchPanel} fallback={<PanelLoading />} />
      </div>
    </Dialog>
  );
}

function PanelLoading() {
  return (
    <div className="search-sidebar__loading" role="status">
      <span className="search-sidebar__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("Loading...")}</span>
    </div>
  );
}
