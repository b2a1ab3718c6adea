import { t } from "@etalage/core";
import { Form, Link, useNavigation } from "react-router";
import { failureOf, postJson } from "./back-office-api.ts";
import { Notice, PageHeading } from "./back-office-frame.tsx";

export type LoginState =
  | { step: "password"; error?: string; field?: string | undefined }
  | { step: "totp"; challenge: string; error?: string; field?: string | undefined }
  | { step: "done" };

/** The login's two steps: the password, then (where the role or the account asks for it) the code. */
export async function submitLogin(form: FormData): Promise<LoginState> {
  const text = (name: string) => String(form.get(name) ?? "");
  if (form.get("intent") === "code") {
    const challenge = text("challenge");
    try {
      await postJson("/login/totp", { challenge, code: text("code").replace(/\s/g, "") });
      return { step: "done" };
    } catch (error) {
      return { step: "totp", challenge, ...failureOf(error) };
    }
  }
  try {
    const answer = await postJson<{ step: "totp"; challenge: string } | { step: "done" }>("/login", {
      email: text("email"),
      password: text("password"),
    });
    return answer.step === "totp" ? { step: "totp", challenge: answer.challenge } : { step: "done" };
  } catch (error) {
    return { step: "password", ...failureOf(error) };
  }
}

export function LoginPage({ state }: { state: LoginState | undefined }) {
  const busy = useNavigation().state !== "idle";
  const totp = state?.step === "totp" ? state : null;
  const error = state && state.step !== "done" ? state.error : undefined;
  return (
    <section className="bo__narrow">
      <PageHeading>{t("Sign in to the back office")}</PageHeading>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {totp ? (
        <Form method="post" className="bo__form" key="code">
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="challenge" value={totp.challenge} />
          <p id="bo-code-help">
            {t("Enter the 6-digit code your authenticator app shows for Etalage beheer.")}
          </p>
          <label htmlFor="bo-code">{t("Code from your authenticator app")}</label>
          <input
            id="bo-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            required
            aria-describedby="bo-code-help"
            aria-invalid={totp.error ? true : undefined}
            // biome-ignore lint/a11y/noAutofocus: the second step follows the first; its one field is where the user is.
            autoFocus
          />
          <button type="submit" className="bo__button" disabled={busy}>
            {t("Confirm")}
          </button>
          <p>
            <Link to="/beheer/inloggen" reloadDocument>
              {t("Start again")}
            </Link>
          </p>
        </Form>
      ) : (
        <Form method="post" className="bo__form" key="password">
          <input type="hidden" name="intent" value="password" />
          <label htmlFor="bo-email">{t("Email address")}</label>
          <input id="bo-email" name="email" type="email" autoComplete="username" required />
          <label htmlFor="bo-password">{t("Password")}</label>
          <input id="bo-password" name="password" type="password" autoComplete="current-password" required />
          <button type="submit" className="bo__button" disabled={busy}>
            {t("Sign in")}
          </button>
        </Form>
      )}
    </section>
  );
}
