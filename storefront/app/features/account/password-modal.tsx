import { t } from "@etalage/core";
import { type FormEvent, useState } from "react";
import { useAccount } from "../../session/account-store.ts";
import type { ModalProps } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { changePassword } from "./account-actions.ts";
import { Field } from "./login-page.tsx";
import { NewPasswordField } from "./password-field.tsx";

/**
 * The password update modal (browsing §2, transactional §2): the current password and a new one
 * twice. The server keeps this login and ends every other (contract "Customer"), so the shopper
 * stays logged in here and is told the other devices were logged out.
 */
export default function PasswordModal({ close }: ModalProps<"password-update">) {
  const user = useAccount().user;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = String(form.get("newPassword") ?? "");
    if (next !== String(form.get("newPassword2") ?? "")) return setError(t("Passwords must be identical."));
    setBusy(true);
    const refused = await changePassword(String(form.get("currentPassword") ?? ""), next).finally(() =>
      setBusy(false),
    );
    if (refused) return setError(refused);
    close();
  }
  return (
    <Dialog title={t("Change password")} onClose={close}>
      <form onSubmit={submit} noValidate aria-label={t("Change password")} aria-busy={busy}>
        <Field
          name="currentPassword"
          label={t("Current password")}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordField
          name="newPassword"
          label={t("New password")}
          userInputs={user ? [user.email, user.firstname, user.lastname] : []}
        />
        <Field name="newPassword2" label={t("Repeat password")} type="password" autoComplete="new-password" />
        {error && (
          <p role="alert" className="account__error">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {t("Save")}
        </button>
      </form>
    </Dialog>
  );
}
