import { cartLineKey, t, viewCart } from "@etalage/core";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { Icon } from "../../../ui/icons.tsx";
import { track } from "../../analytics/data-layer.ts";
import { trackedLine } from "../../analytics/tracked.ts";
import { CartRecommendations } from "../../recommendations/cart-recommendations.tsx";
import { loadCartEngine, useCart } from "../cart-api.ts";
import { CartTotals } from "./cart-totals.tsx";
import { CouponForm } from "./coupon-form.tsx";
import { FreeShippingNote } from "./free-shipping-note.tsx";
import { MicrocartLine } from "./microcart-line.tsx";
import { closeMicrocart, useEditMode } from "./microcart-store.ts";
import "./microcart.css";

/** The checkout route (transactional §2). */
const CHECKOUT_PATH = "/checkout";

/**
 * The microcart's contents, in their own chunk (browsing §4 "Lazy components"): the lines, the
 * coupon field, the totals and the way to checkout; or, with nothing in the cart, a way back to
 * shopping. The frame (dialog, title, close) is the header's.
 */
export default function Microcart() {
  const view = useCart();
  const root = useRef<HTMLDivElement>(null);
  const linesId = useId();
  useFocusKeeper(root, view.items.length);

  useEffect(() => {
    loadCartEngine().catch((error: unknown) => console.warn("The cart could not start:", error));
  }, []);

  // view_cart once per opening, with the lines it opened with.
  const viewed = useRef(false);
  useEffect(() => {
    if (!view.ready || viewed.current) return;
    viewed.current = true;
    track(viewCart(view.items.map(trackedLine)));
  }, [view.ready, view.items]);

  if (!view.ready) {
    return (
      <div className="microcart microcart--loading" role="status">
        <span className="microcart__spinner" aria-hidden="true" />
        <span className="visually-hidden">{t("Loading...")}</span>
      </div>
    );
  }

  if (view.items.length === 0) {
    return (
      <div ref={root} className="microcart microcart--empty">
        <Icon name="bag" className="microcart__empty-icon" />
        <h3 className="microcart__empty-title" tabIndex={-1} data-microcart-focus>
          {t("Your shopping cart is empty.")}
        </h3>
        <p className="microcart__empty-text">{t("Looks like you haven't added any items to the bag yet.")}</p>
        <Link to="/" className="button" onClick={closeMicrocart}>
          {t("Continue shopping")}
        </Link>
      </div>
    );
  }

  return (
    <div ref={root} className="microcart" aria-busy={view.busy || undefined}>
      <h3 id={linesId} className="visually-hidden" tabIndex={-1} data-microcart-focus>
        {t("Products in your shopping cart")}
      </h3>
      <ul className="microcart__lines" aria-labelledby={linesId}>
        {view.items.map((item) => (
          <MicrocartLine key={cartLineKey(item)} item={item} />
        ))}
      </ul>
      <div className="microcart__summary">
        <FreeShippingNote progress={view.totals?.freeShipping ?? null} />
        <CouponForm couponCode={view.totals?.couponCode ?? null} />
        <CartTotals totals={view.totals} items={view.items} />
      </div>
      <div className="microcart__checkout">
        <Link to={CHECKOUT_PATH} className="button microcart__to-checkout">
          {t("Go to checkout")}
          <Icon name="arrow-right" />
        </Link>
        <button type="button" className="microcart__continue" onClick={closeMicrocart}>
          {t("Continue shopping")}
        </button>
      </div>
      <CartRecommendations skus={view.items.map((item) => item.sku)} />
    </div>
  );
}

/**
 * Keeps focus inside the microcart when what held it goes away: a removed line (its remove button
 * gone with it), or a line whose editor closed (focus goes back to its Edit button).
 */
function useFocusKeeper(root: React.RefObject<HTMLDivElement | null>, lines: number) {
  const edit = useEditMode();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the number of lines changes.
  useEffect(() => {
    const active = document.activeElement;
    if (!root.current || (active && active !== document.body && active.isConnected)) return;
    root.current.querySelector<HTMLElement>("[data-microcart-focus]")?.focus();
  }, [lines]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the edit mode changes.
  useEffect(() => {
    if (edit.state !== "closed" || !root.current) return;
    const button = root.current.querySelector<HTMLElement>(`[data-line-edit="${CSS.escape(edit.sku)}"]`);
    (button ?? root.current.querySelector<HTMLElement>("[data-microcart-focus]"))?.focus();
  }, [edit]);
}
