import { t } from "@etalage/core";
import type { ModalProps } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";

/** Transactional §2: the newsletter modal, opened once on the first navigation (newsletter-modal-flag.ts). */
export default function NewsletterModal({ close }: ModalProps<"newsletter">) {
  return (
    <Dialog title={t("Newsletter")} hideTitle onClose={close}>
      <div className="newsletter-modal">
        <NewsletterForm
          title={t("Subscribe to the newsletter")}
          subtitle={t("Sign up for our newsletter and receive 10% discount on your next order")}
          headingLevel={3}
        />
        <button type="button" className="button button--outline newsletter-modal__dismiss" onClick={close}>
          {t("No thanks")}
        </button>
      </div>
    </Dialog>
  );
}
