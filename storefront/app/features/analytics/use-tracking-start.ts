import { pageTypeOf } from "@etalage/core";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { openModal } from "../modals/modal-store.ts";
import { openNewsletterModalOnce } from "../newsletter/newsletter-modal-flag.ts";
import { startCustomerData, storedConsent } from "./consent-store.ts";
import { applyConsent, startTracking, trackPage } from "./data-layer.ts";

/**
 * The shell's start of tracking: Consent Mode defaults, then the stored choice (and with it the
 * customer-data reports) or the cookie
 * banner; the newsletter modal waits until the banner is answered, so two dialogs never stack.
 */
export function useTrackingStart(gtmId: string | null): void {
  useEffect(() => {
    // The customer-data platform is always there (built in), so the banner always asks; the
    // tag manager is only there with an id.
    startTracking(gtmId);
    const stored = storedConsent();
    if (stored) {
      applyConsent(stored);
      startCustomerData(stored);
      openNewsletterModalOnce();
    } else {
      openModal("cookie-consent", { onDecided: openNewsletterModalOnce });
    }
  }, [gtmId]);

  const { pathname } = useLocation();
  useEffect(() => {
    // Product and listing pages tag themselves with their data (ProductDetail, ProductOverview).
    if (pathname === "/") trackPage(pageTypeOf("home"));
    else if (pathname.startsWith("/checkout")) trackPage(pageTypeOf("checkout"));
  }, [pathname]);
}

/** The footer's 'Cookie-instellingen'. */
export function openCookieSettings(): void {
  openModal("cookie-consent", { settings: true });
}
