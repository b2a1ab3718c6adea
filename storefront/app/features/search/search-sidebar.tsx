import { t } from "@etalage/core";
import { useEffect, useId } from "react";
import { useLocation } from "react-router";
import { deferredModule } from "../../lib/deferred-module.ts";
import { lazyComponent } from "../../lib/lazy-component.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { closeSearchPanel, searchText, setSearchText, useSearchPanelOpen } from "./search-store.ts";
import "./search-sidebar.css";

/** The field and suggestions' loader: loaded once the shopper interacts (search-sidebar-body.tsx). */
const body = deferredModule(() => import("./search-sidebar-body.tsx"), { warm: true });
const LazyBody = lazyComponent(() => body.load());

/** As the shopper reaches for a search field: the field's chunk, then the suggestions'. */
export function preloadSearchPanel(): void {
  body.load().then(
    (module) => module.LazySearchPanel.preload(),
    () => undefined, // the sidebar says so when it opens
  );
}

/**
 * The right-hand search sidebar 'Search for products' (browsing §2 "Default layout"). The frame is
 * in the page's bundle, so a slow or failed chunk still has a place to say so; the field comes
 * with the first interaction, before anyone can open the sidebar, or else takes the focus the
 * dialog gave its close button once it arrives (search-field.tsx); keys typed until then go into
 * the search text it will show (useEarlyTyping).
 */
export function SearchSidebar() {
  const open = useSearchPanelOpen();
  const { pathname, search } = useLocation();
  const statusId = useId();
  useEarlyTyping(open, `${statusId}-input`);

  // A suggestion or the see-more link took the shopper elsewhere: the panel has done its job.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the URL.
  useEffect(() => {
    closeSearchPanel();
  }, [pathname, search]);

  if (!open) return null;
  return (
    <Dialog title={t("Search for products")} onClose={closeSearchPanel} variant="drawer">
      <div className="search-sidebar">
        <LazyBody statusId={statusId} onClose={closeSearchPanel} fallback={<PanelLoading />} />
      </div>
    </Dialog>
  );
}

/**
 * While the sidebar is open without its field (opening it was the shopper's first act, and the
 * field's chunk is on its way), typed characters and Backspace edit the search text, which the
 * field shows when it arrives. Once it is there, keys are the field's or the dialog's own.
 */
function useEarlyTyping(open: boolean, fieldId: string) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (document.getElementById(fieldId) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length === 1) setSearchText(searchText() + event.key);
      else if (event.key === "Backspace") setSearchText(searchText().slice(0, -1));
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, fieldId]);
}

function PanelLoading() {
  return (
    <div className="search-sidebar__loading" role="status">
      <span className="search-sidebar__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("Loading...")}</span>
    </div>
  );
}
