import { openModal } from "../../session/modal-store.ts";

/** Transactional §2: the newsletter modal opens once, on the first navigation; the flag is local. */
const FLAG = "etalage-newsletter-modal-shown";

export function openNewsletterModalOnce(): void {
  try {
    if (localStorage.getItem(FLAG)) return;
    localStorage.setItem(FLAG, "1");
  } catch {
    // No storage, no way to remember having asked: better not to ask on every page.
    return;
  }
  openModal("newsletter");
}
