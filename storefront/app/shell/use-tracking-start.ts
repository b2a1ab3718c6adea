import { pageTypeOf } from "@etalage/core";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { startTracking, trackPage } from "../features/analytics/data-layer.ts";
import { openNewsletterModalOnce } from "../features/newsletter/newsletter-modal-flag.ts";
import { storedConsent } from "../session/consent-store.ts";
import { emit } from "../session/events.ts";
import { openModal } from "../session/modal-store.ts";

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
      // The stored choice, told as a new one is: Consent Mode, then the customer-data reports.
      void emit("consent-changed", { choice: stored });
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
