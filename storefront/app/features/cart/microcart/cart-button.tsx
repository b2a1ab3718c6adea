import { t } from "@etalage/core";
import { Icon } from "../../../ui/icons.tsx";
import { useCartCount } from "../cart-api.ts";
import { preloadMicrocart } from "./microcart-host.tsx";
import { openMicrocart, useMicrocartOpen } from "./microcart-store.ts";
import "./cart-button.css";

/** The badge stops growing here; the microcart's title has the exact count. */
const BADGE_MAX = 99;

/**
 * The cart button of the desktop header (`header`) and the mobile tab bar (`tab`): opens the
 * microcart and shows the minicart count (transactional §9) as a badge. Its name is text, not an
 * aria-label: one hidden phrase "Winkelwagen, 3 artikelen" that holds the visible label and the
 * count, so what a speech user reads on the button is in its name (WCAG 2.5.3); the visible
 * pieces are hidden from assistive technology so the name is not read twice.
 */
export function CartButton({ variant }: { variant: "header" | "tab" }) {
  const count = useCartCount();
  const open = useMicrocartOpen();
  const label =
    count === 0
      ? t("Shopping cart")
      : count === 1
        ? t("Shopping cart, 1 item")
        : t("Shopping cart, {n} items", { n: count });
  return (
    <button
      type="button"
      className={variant === "header" ? "icon-button cart-button" : "tab-bar__tab cart-button"}
      aria-haspopup="dialog"
      aria-expanded={open}
      onPointerDown={preloadMicrocart}
      onFocus={preloadMicrocart}
      onMouseEnter={preloadMicrocart}
      onClick={openMicrocart}
    >
      <span className="cart-button__icon" aria-hidden="true">
        <Icon name="bag" />
        {count > 0 && (
          <span className="cart-button__badge" data-cart-count={count}>
            {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
          </span>
        )}
      </span>
      {variant === "tab" && <span aria-hidden="true">{t("Cart")}</span>}
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
