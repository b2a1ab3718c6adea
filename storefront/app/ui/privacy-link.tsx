import { t } from "@etalage/core";
import type { MouseEvent } from "react";
import { openModal } from "../session/modal-store.ts";

/** The CMS page the privacy statement is; the modal shows the same story. */
export const PRIVACY_PATH = "/privacyverklaring";
/** The CMS page of the terms and conditions; the terms modal shows the same story. */
export const TERMS_PATH = "/algemene-voorwaarden";

/** A plain left click opens the modal; any other (a new tab, a new window) follows the link. */
function opensModal(event: MouseEvent<HTMLAnchorElement>): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  event.preventDefault();
  return true;
}

/**
 * 'Read our privacy statement' (browsing §2: the privacy statement modal): opens the statement
 * over what the visitor is deciding on, so the banner or the form stays where it was. Without
 * JavaScript, or opened in a new tab, it is the page itself.
 */
export function PrivacyLink({ className, children }: { className?: string; children?: string }) {
  return (
    <a
      href={PRIVACY_PATH}
      className={className}
      aria-haspopup="dialog"
      onClick={(event) => {
        if (opensModal(event)) openModal("privacy-statement");
      }}
    >
      {children ?? t("Read our privacy statement")}
    </a>
  );
}

/**
 * The terms and conditions (browsing §2: the terms modal), from the footer and the checkout's
 * legal line: read over the page, the page itself without JavaScript or in a new tab.
 */
export function TermsLink({ className, children }: { className?: string; children?: string }) {
  return (
    <a
      href={TERMS_PATH}
      className={className}
      aria-haspopup="dialog"
      onClick={(event) => {
        if (opensModal(event)) openModal("terms-and-conditions");
      }}
    >
      {children ?? t("Terms and conditions")}
    </a>
  );
}
