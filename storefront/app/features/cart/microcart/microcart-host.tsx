import { t } from "@etalage/core";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { lazyComponent } from "../../../lib/lazy-component.tsx";
import { Dialog } from "../../../ui/dialog.tsx";
import { loadCartEngine, useCartCount } from "../cart-api.ts";
import type { MicrocartSlots } from "./microcart.tsx";
import { closeMicrocart, useMicrocartOpen } from "./microcart-store.ts";
import "./microcart-host.css";

/** The contents are their own chunk, fetched when the microcart first opens (browsing §4, 3 s timeout). */
const LazyMicrocart = lazyComponent(() => import("./microcart.tsx"));

/** Starts fetching the microcart and the cart engine as the shopper reaches for the button. */
export function preloadMicrocart(): void {
  LazyMicrocart.preload();
  loadCartEngine().catch(() => {
    // The microcart says so when it opens; an early start failing is not worth a message.
  });
}

/**
 * The microcart overlay (transactional §2): a modal panel from the right on wide screens, the whole
 * width on phones. The frame is here so a slow or failed chunk still has a place to say so; a new
 * page (a product link, 'to checkout') closes it.
 */
export function MicrocartHost({ recommendations }: MicrocartSlots) {
  const open = useMicrocartOpen();
  const count = useCartCount();
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the URL.
  useEffect(() => {
    closeMicrocart();
  }, [pathname, search]);

  if (!open) return null;
  return (
    <Dialog
      title={
        <>
          {t("Shopping cart")}
          {count > 0 && <span className="microcart-frame__count"> ({count})</span>}
        </>
      }
      onClose={closeMicrocart}
      variant="drawer"
    >
      <div className="microcart-frame">
        <LazyMicrocart
          onClose={closeMicrocart}
          fallback={<MicrocartLoading />}
          {...(recommendations ? { recommendations } : {})}
        />
      </div>
    </Dialog>
  );
}

function MicrocartLoading() {
  return (
    <div className="microcart-frame__loading" role="status">
      <span className="microcart-frame__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("Loading...")}</span>
    </div>
  );
}
