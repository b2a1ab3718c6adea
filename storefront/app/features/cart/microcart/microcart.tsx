import { cartLineKey, t } from "@etalage/core";
import { type ComponentType, Suspense, useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { emit } from "../../../session/events.ts";
import { Icon } from "../../../ui/icons.tsx";
import { loadCartEngine, useCart } from "../cart-api.ts";
import { CartTotals } from "./cart-totals.tsx";
import { CouponForm } from "./coupon-form.tsx";
import { FreeShippingNote } from "./free-shipping-note.tsx";
import { MicrocartLine } from "./microcart-line.tsx";
import { closeMicrocart, useEditMode } from "./microcart-store.ts";
import "./microcart.css";

/** The checkout route (transactional §2). */
const CHECKOUT_PATH = "/checkout";

/** What the shell shows under the lines: the recommendations that go with the cart's skus. */
export interface MicrocartSlots {
  recommendations?: ComponentType<{ skus: string[]; onNavigate: () => void }>;
}

/**
 * The microcart's contents, in their own chunk (browsing §4 "Lazy components"): the lines, the
 * coupon field, the totals and the way to checkout; or, with nothing in the cart, a way back to
 * shopping. The frame (dialog, title, close) is the header's.
 */
export default function Microcart({ recommendations: Recommendations }: MicrocartSlots) {
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
    void emit("cart-viewed", { items: view.items });
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
        {/* Closed before the checkout mounts its own header's host, or that host would open it
            again there (and tell view_cart a second time). */}
        <Link to={CHECKOUT_PATH} className="button microcart__to-checkout" onClick={closeMicrocart}>
          {t("Go to checkout")}
          <Icon name="arrow-right" />
        </Link>
        <button type="button" className="microcart__continue" onClick={closeMicrocart}>
          {t("Continue shopping")}
        </button>
      </div>
      {Recommendations && (
        <Suspense fallback={null}>
          <Recommendations skus={view.items.map((item) => item.sku)} onNavigate={closeMicrocart} />
        </Suspense>
      )}
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
