import { t } from "@etalage/core";
import { openModal } from "../modals/modal-store.ts";

/** The CMS page the privacy statement is; the modal shows the same story. */
export const PRIVACY_PATH = "/privacyverklaring";

/**
 * 'Read our privacy statement' (browsing §2: the privacy statement modal): opens the statement
 * over what the visitor is deciding on, so the banner or the form stays where it was. Without
 * JavaScript, or opened in a new tab, it is the page itself.
 */
export function PrivacyLink({ className }: { className?: string }) {
  return (
    <a
      href={PRIVACY_PATH}
      className={className}
      aria-haspopup="dialog"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openModal("privacy-statement");
      }}
    >
      {t("Read our privacy statement")}
    </a>
  );
}
