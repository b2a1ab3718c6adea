import { t } from "@etalage/core";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { failureOf, postJson } from "./back-office-api.ts";
import { Notice, PageHeading } from "./back-office-frame.tsx";
import { passkeysSupported, signWithPasskey } from "./back-office-webauthn.ts";

interface SecondFactor {
  challenge: string;
  /** Whether the authenticator app's code is one way to finish. */
  totp: boolean;
  /** WebAuthn request options for the member's passkeys, or null without any. */
  passkey: PublicKeyCredentialRequestOptionsJSON | null;
}

export type LoginState =
  | { step: "password"; error?: string; field?: string | undefined }
  | ({ step: "second_factor"; error?: string; field?: string | undefined } & SecondFactor)
  | { step: "done" };

type PasswordAnswer = ({ step: "second_factor" } & SecondFactor) | { step: "done" };

/** The second step as the form carries it between tries: what the password step answered. */
function secondFactorOf(form: FormData): SecondFactor {
  const passkey = String(form.get("passkey") ?? "");
  return {
    challenge: String(form.get("challenge") ?? ""),
    totp: form.get("totp") === "true",
    passkey: passkey ? (JSON.parse(passkey) as PublicKeyCredentialRequestOptionsJSON) : null,
  };
}

/**
 * The login's two steps: the password, then (where the role or the account asks for it) the code
 * of the authenticator app or one of the member's passkeys.
 */
export async function submitLogin(form: FormData): Promise<LoginState> {
  const text = (name: string) => String(form.get(name) ?? "");
  const intent = form.get("intent");
  if (intent === "code" || intent === "passkey") {
    const step = secondFactorOf(form);
    const failed = (error: unknown) => ({ step: "second_factor" as const, ...step, ...failureOf(error) });
    if (intent === "passkey") {
      if (!step.passkey) return { step: "second_factor", ...step };
      const signed = await signWithPasskey(step.passkey);
      if (!signed.ok) return { step: "second_factor", ...step, error: signed.error };
      try {
        await postJson("/login/passkey", { challenge: step.challenge, credential: signed.response });
        return { step: "done" };
      } catch (error) {
        return failed(error);
      }
    }
    try {
      await postJson("/login/totp", { challenge: step.challenge, code: text("code").replace(/\s/g, "") });
      return { step: "done" };
    } catch (error) {
      return failed(error);
    }
  }
  try {
    const answer = await postJson<PasswordAnswer>("/login", {
      email: text("email"),
      password: text("password"),
    });
    return answer;
  } catch (error) {
    return { step: "password", ...failureOf(error) };
  }
}

/** What both second-step forms carry: the challenge and the options the password step gave. */
function StepFields({ step }: { step: SecondFactor }) {
  return (
    <>
      <input type="hidden" name="challenge" value={step.challenge} />
      <input type="hidden" name="totp" value={String(step.totp)} />
      {step.passkey ? <input type="hidden" name="passkey" value={JSON.stringify(step.passkey)} /> : null}
    </>
  );
}

function SecondStep({ step, busy }: { step: SecondFactor & { error?: string }; busy: boolean }) {
  const passkey = step.passkey && passkeysSupported() ? step.passkey : null;
  // Where the user is when the passkey is the only way on. Not autoFocus: the button mounts
  // disabled while the login's answer settles, and a disabled button takes no focus.
  const button = useRef<HTMLButtonElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (step.totp || busy || focused.current) return;
    focused.current = true;
    button.current?.focus();
  }, [step.totp, busy]);
  return (
    <>
      {passkey ? (
        <Form method="post" className="bo__form" key="passkey">
          <StepFields step={step} />
          <p id="bo-passkey-help">{t("Confirm with the passkey on this device or your phone.")}</p>
          <button
            type="submit"
            name="intent"
            value="passkey"
            className="bo__button"
            disabled={busy}
            aria-describedby="bo-passkey-help"
            ref={button}
          >
            {t("Sign in with a passkey")}
          </button>
        </Form>
      ) : null}
      {passkey && step.totp ? <p className="bo__or">{t("or")}</p> : null}
      {step.totp ? (
        <Form method="post" className="bo__form" key="code">
          <input type="hidden" name="intent" value="code" />
          <StepFields step={step} />
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
            aria-invalid={step.error ? true : undefined}
            // biome-ignore lint/a11y/noAutofocus: the second step follows the first; its one field is where the user is.
            autoFocus
          />
          <button type="submit" className="bo__button" disabled={busy}>
            {t("Confirm")}
          </button>
        </Form>
      ) : null}
      {!passkey && !step.totp ? (
        <Notice kind="error">{t("Your browser could not use a passkey.")}</Notice>
      ) : null}
      <p>
        <Link to="/beheer/inloggen" reloadDocument>
          {t("Start again")}
        </Link>
      </p>
    </>
  );
}

export function LoginPage({ state }: { state: LoginState | undefined }) {
  const busy = useNavigation().state !== "idle";
  const second = state?.step === "second_factor" ? state : null;
  const error = state && state.step !== "done" ? state.error : undefined;
  return (
    <section className="bo__narrow">
      <PageHeading>{t("Sign in to the back office")}</PageHeading>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {second ? (
        <SecondStep step={second} busy={busy} />
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
