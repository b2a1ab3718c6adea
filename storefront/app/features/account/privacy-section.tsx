import { t } from "@etalage/core";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { notify } from "../../lib/notification-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { deleteAccount, downloadMyData } from "./account-actions.ts";
import { Field } from "./login-page.tsx";

/**
 * Privacy on /my-account/details (beyond the spec): the customer's data as a JSON file, and
 * deleting the account after confirming the password.
 */
export function PrivacySection() {
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="account-panel account-privacy" aria-labelledby="privacy-title">
      <h2 id="privacy-title">{t("Your data")}</h2>
      <p className="account__note">
        {t("A file with your details, addresses, orders and newsletter choice.")}
      </p>
      {error && (
        <p role="alert" className="account__error">
          {error}
        </p>
      )}
      <div className="account-panel__actions">
        <button
          type="button"
          className="button button--outline"
          onClick={async () => setError(await downloadMyData())}
        >
          {t("Download my data")}
        </button>
        <button type="button" className="button button--outline" onClick={() => setDeleting(true)}>
          {t("Delete my account")}
        </button>
      </div>
      {deleting && <DeleteAccountModal onClose={() => setDeleting(false)} />}
    </section>
  );
}

function DeleteAccountModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setBusy(true);
    const refused = await deleteAccount(password);
    setBusy(false);
    if (refused) return setError(refused);
    notify({ type: "success", message: t("Your account has been deleted") });
    navigate("/");
  }
  return (
    <Dialog title={t("Delete my account")} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label={t("Delete my account")} className="account-delete">
        <p>
          {t(
            "Your details, addresses and logins are erased. Your orders stay in our books, without your name, address or email.",
          )}
        </p>
        <p>{t("Enter your password to confirm.")}</p>
        <Field name="password" label={t("Password")} type="password" autoComplete="current-password" />
        {error && (
          <p role="alert" className="account__error">
            {error}
          </p>
        )}
        <div className="account-panel__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            {t("Cancel")}
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {t("Delete my account")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
