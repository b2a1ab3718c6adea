import { isValidEmail, passwordKeepsRule, t } from "@etalage/core";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { notify } from "../../lib/notification-store.ts";
import { dutch } from "../../session/account-http.ts";
import { login, startAccount, useAccount } from "../../session/account-store.ts";
import { register, requestReset } from "./account-actions.ts";
import { PasskeyLogin } from "./passkey-login.tsx";
import { NewPasswordField } from "./password-field.tsx";
import "./account.css";

export type Mode = "login" | "register" | "forgot";

/** Where to go after login: only a path of this shop, never another site. */
function safeRedirect(value: string | null): string {
  return value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : "/my-account";
}

/** `/login`: log in, create an account, or ask for a reset link (transactional §2). */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = safeRedirect(params.get("redirect"));
  useEffect(() => startAccount(), []);
  return (
    <div className="account container">
      <div className="account-card">
        <AuthForms
          initialMode={params.get("mode") === "register" ? "register" : "login"}
          initialEmail={params.get("email") ?? undefined}
          onDone={() => navigate(target)}
          heading={(title) => <h1 className="account__title">{title}</h1>}
        />
      </div>
    </div>
  );
}

/**
 * The three forms of /login and of the authentication modal: log in, register, forgot password.
 * `onDone` runs once the shopper is logged in.
 */
export function AuthForms({
  initialMode,
  initialEmail,
  onDone,
  heading,
}: {
  initialMode: Mode;
  /** Filled in for the shopper, such as after a password reset (`/login?email=`). */
  initialEmail?: string;
  onDone: () => void;
  heading: (title: string) => ReactNode;
}) {
  const account = useAccount();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    setError(null);
    if (!isValidEmail(email)) return setError(t("Please provide an valid e-mail address"));
    setBusy(true);
    try {
      if (mode === "forgot") {
        const refused = await requestReset(email);
        if (refused) setError(refused);
        else setSent(true);
        return;
      }
      const password = String(form.get("password") ?? "");
      if (mode === "register") {
        if (!passwordKeepsRule(password))
          return setError(t("Password must have at least 8 characters and at least 3 character classes."));
        if (password !== String(form.get("password2") ?? ""))
          return setError(t("Passwords must be identical."));
        const refused = await register({
          email,
          password,
          firstname: String(form.get("firstname") ?? "").trim(),
          lastname: String(form.get("lastname") ?? "").trim(),
        });
        if (refused) return setError(refused);
      } else {
        const refused = await login(email, password);
        if (refused) return setError(dutch(refused));
      }
      notify({ type: "success", message: t("You're logged in") });
      onDone();
    } finally {
      setBusy(false);
    }
  }

  const title =
    mode === "register" ? t("Create an account") : mode === "forgot" ? t("Reset password") : t("Log in");
  return (
    <>
      {heading(title)}
      {account.ready && account.user && mode === "login" && (
        <p className="account__note">{t("Hello {name}", { name: account.user.firstname })}</p>
      )}
      {sent ? (
        <p role="status" className="account__note">
          {t("If an account exists for this email, we have sent a link to reset the password.")}
        </p>
      ) : (
        <form onSubmit={submit} noValidate aria-label={title} key={mode}>
          {mode === "register" && (
            <>
              <Field name="firstname" label={t("First name")} autoComplete="given-name" />
              <Field name="lastname" label={t("Last name")} autoComplete="family-name" />
            </>
          )}
          <Field
            name="email"
            label={t("E-mail address")}
            type="email"
            autoComplete={mode === "login" ? "username" : "email"}
            defaultValue={initialEmail}
          />
          {mode === "login" && (
            <Field name="password" label={t("Password")} type="password" autoComplete="current-password" />
          )}
          {mode === "register" && (
            <>
              <NewPasswordField name="password" label={t("Password")} />
              <Field
                name="password2"
                label={t("Repeat password")}
                type="password"
                autoComplete="new-password"
              />
            </>
          )}
          {error && (
            <p role="alert" className="account__error">
              {error}
            </p>
          )}
          <button type="submit" className="button account__submit" disabled={busy}>
            {mode === "register" ? t("Register") : mode === "forgot" ? t("Send reset link") : t("Log in")}
          </button>
        </form>
      )}
      {mode === "login" && (
        <PasskeyLogin
          onDone={() => {
            notify({ type: "success", message: t("You're logged in") });
            onDone();
          }}
        />
      )}
      <div className="account__switch">
        {mode !== "login" && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMode("login");
              setSent(false);
              setError(null);
            }}
          >
            {t("Already have an account?")} {t("Log in")}
          </button>
        )}
        {mode === "login" && (
          <>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setMode("forgot");
                setError(null);
              }}
            >
              {t("Forgot password?")}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setMode("register");
                setError(null);
              }}
            >
              {t("New here?")} {t("Create an account")}
            </button>
          </>
        )}
      </div>
    </>
  );
}

export function Field(props: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
  required?: boolean;
  pattern?: string;
  inputMode?: "numeric" | "text";
}) {
  const id = `field-${props.name}`;
  return (
    <div className="account-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        required={props.required ?? true}
        {...(props.pattern ? { pattern: props.pattern } : {})}
        {...(props.inputMode ? { inputMode: props.inputMode } : {})}
      />
    </div>
  );
}
