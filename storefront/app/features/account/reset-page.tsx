import { passwordKeepsRule, t } from "@etalage/core";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { notify } from "../../lib/notification-store.ts";
import { login } from "../../session/account-store.ts";
import { resetPassword } from "./account-actions.ts";
import { Field } from "./login-page.tsx";
import { NewPasswordField } from "./password-field.tsx";
import "./account.css";

/** `/password/reset?token=&email=`: the link from the reset mail; a new password twice. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token") ?? "";
  const email = params.get("email") ?? "";
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    setError(null);
    if (!passwordKeepsRule(password))
      return setError(t("Password must have at least 8 characters and at least 3 character classes."));
    if (password !== String(form.get("password2") ?? "")) return setError(t("Passwords must be identical."));
    setBusy(true);
    const refused = await resetPassword(email, token, password);
    if (refused) {
      setBusy(false);
      return setError(refused);
    }
    notify({ type: "success", message: t("Password has successfully been changed") });
    // The reset proved the mailbox and the shopper just typed the password (issue 23, item 15):
    // they are logged in with it. Should that fail (a login limit), the login form has the email.
    const loginRefused = await login(email, password);
    setBusy(false);
    if (!loginRefused) return navigate("/my-account");
    navigate(`/login?email=${encodeURIComponent(email)}`);
  }

  return (
    <div className="account container">
      <div className="account-card">
        <h1 className="account__title">{t("Set a new password")}</h1>
        {!token || !email ? (
          <p className="account__error" role="alert">
            {t("This reset link is not valid or has expired. Request a new one.")}{" "}
            <Link to="/login">{t("Log in")}</Link>
          </p>
        ) : (
          <form onSubmit={submit} noValidate aria-label={t("Set a new password")}>
            <p className="account__note">{email}</p>
            <NewPasswordField name="password" label={t("New password")} userInputs={[email]} autoFocus />
            <Field
              name="password2"
              label={t("Repeat password")}
              type="password"
              autoComplete="new-password"
            />
            {error && (
              <p role="alert" className="account__error">
                {error}
              </p>
            )}
            <button type="submit" className="button account__submit" disabled={busy}>
              {t("Save")}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
