import { t } from "@etalage/core";
import { MicrocartHost } from "../features/cart/microcart/microcart-host.tsx";
import { openMicrocart } from "../features/cart/microcart/microcart-store.ts";
import { Icon } from "../ui/icons.tsx";
import { Logo } from "../ui/logo.tsx";
import "./checkout-header.css";

/**
 * The checkout's own header (transactional §2 hides the shop's header and footer there): back to
 * the cart and the logo, no menu or search, so the first tab stop after the skip link is the
 * way back and the next ones are the form's. Without JavaScript the way back is the home page.
 */
export function CheckoutHeader() {
  return (
    <>
      <header className="checkout-header">
        <div className="checkout-header__bar container">
          <a
            href="/"
            className="checkout-header__back"
            onClick={(event) => {
              event.preventDefault();
              openMicrocart();
            }}
          >
            <Icon name="chevron-left" />
            {t("Back to the cart")}
          </a>
          <Logo className="checkout-header__logo" />
          <span className="checkout-header__secure">{t("Secure checkout")}</span>
        </div>
      </header>
      <MicrocartHost />
    </>
  );
}
