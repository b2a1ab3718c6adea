import { type StaffRole, t } from "@etalage/core";
import { Form, Link, useNavigation } from "react-router";
import { failureOf, getJson, postJson } from "./back-office-api.ts";
import { Notice, PageHeading, ROLE_LABELS } from "./back-office-frame.tsx";
import { LOGIN_PATH } from "./back-office-session.ts";
import { TotpSecret } from "./back-office-totp.tsx";

interface InvitationView {
  email: string;
  role: StaffRole;
  totp_required: boolean;
  totp: { secret: string; uri: string };
}

export type InvitationLoad = { token: string; view: InvitationView } | { error: string };
export type InvitationResult = { done: true } | { done: false; error: string; field?: string | undefined };

export async function loadInvitation(url: URL): Promise<InvitationLoad> {
  const token = url.searchParams.get("token") ?? "";
  try {
    return { token, view: await getJson<InvitationView>(`/invitation?token=${encodeURIComponent(token)}`) };
  } catch (error) {
    return failureOf(error);
  }
}

export async function acceptInvitation(form: FormData): Promise<InvitationResult> {
  const code = String(form.get("totp_code") ?? "").replace(/\s/g, "");
  try {
    await postJson("/invitation", {
      token: String(form.get("token") ?? ""),
      password: String(form.get("password") ?? ""),
      ...(code ? { totp_code: code } : {}),
    });
    return { done: true };
  } catch (error) {
    return { done: false, ...failureOf(error) };
  }
}

/** `/beheer/uitnodiging`: the invited staff member sets a password and adds the authenticator app. */
export function InvitationPage({
  load,
  result,
}: {
  load: InvitationLoad;
  result: InvitationResult | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  if (result?.done)
    return (
      <section className="bo__narrow">
        <PageHeading>{t("Set up your staff account")}</PageHeading>
        <Notice kind="done">{t("Your account is ready. You can now sign in.")}</Notice>
        <p>
          <Link to={LOGIN_PATH}>{t("Go to sign in")}</Link>
        </p>
      </section>
    );
  if ("error" in load)
    return (
      <section className="bo__narrow">
        <PageHeading>{t("Set up your staff account")}</PageHeading>
        <Notice kind="error">{load.error}</Notice>
      </section>
    );
  const { view } = load;
  const failed = result && !result.done ? result : null;
  return (
    <section className="bo__narrow">
      <PageHeading>{t("Set up your staff account")}</PageHeading>
      <p>
        {t("You are invited as {role} with {email}.", { role: ROLE_LABELS[view.role], email: view.email })}
      </p>
      {failed ? <Notice kind="error">{failed.error}</Notice> : null}
      <Form method="post" className="bo__form">
        <input type="hidden" name="token" value={load.token} />
        <input type="text" name="username" value={view.email} autoComplete="username" readOnly hidden />
        <label htmlFor="bo-new-password">{t("Choose a password")}</label>
        <input
          id="bo-new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby="bo-password-rule"
          aria-invalid={failed?.field === "body.password" ? true : undefined}
        />
        <p id="bo-password-rule" className="bo__hint">
          {t("At least 8 characters, with at least 3 of: lower case, upper case, digits, other characters.")}
        </p>
        <fieldset className="bo__fieldset">
          <legend>{t("Authenticator app")}</legend>
          <p>
            {view.totp_required
              ? t("A second step is required for your role.")
              : t("Optional: once added, every login asks for the code.")}
          </p>
          <TotpSecret secret={view.totp.secret} uri={view.totp.uri} />
          <label htmlFor="bo-enrol-code">{t("Code from your authenticator app")}</label>
          <input
            id="bo-enrol-code"
            name="totp_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            required={view.totp_required}
            aria-invalid={failed?.field === "body.totp_code" ? true : undefined}
          />
        </fieldset>
        <button type="submit" className="bo__button" disabled={busy}>
          {t("Activate account")}
        </button>
      </Form>
    </section>
  );
}
