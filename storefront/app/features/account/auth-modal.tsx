import { t } from "@etalage/core";
import type { ModalProps } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { AuthForms } from "./login-page.tsx";

/**
 * The authentication modal (transactional §2, §4 "Token lock": the sign-up modal a failed token
 * refresh opens). The same forms as /login; logging in closes it and leaves the shopper where they were.
 */
export default function AuthModal({ payload, close }: ModalProps<"auth">) {
  return (
    <Dialog title={t("Account")} hideTitle onClose={close}>
      <div className="account-modal">
        <AuthForms
          initialMode={payload?.mode ?? "login"}
          onDone={close}
          heading={(title) => <h2 className="account__title">{title}</h2>}
        />
      </div>
    </Dialog>
  );
}
