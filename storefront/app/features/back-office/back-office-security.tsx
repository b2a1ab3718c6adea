import { formatDate, t } from "@etalage/core";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { Form, useNavigation } from "react-router";
import { deleteJson, failureOf, getJson, postJson, type StaffSessionView } from "./back-office-api.ts";
import { Notice, PageHeading } from "./back-office-frame.tsx";
import { requireSession } from "./back-office-session.ts";
import { TotpSecret } from "./back-office-totp.tsx";
import { makePasskey, passkeysSupported } from "./back-office-webauthn.ts";

interface StaffPasskey {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

interface SecurityView {
  totp: boolean;
  totp_offer: { secret: string; uri: string } | null;
  passkeys: StaffPasskey[];
  may_remove_passkey: boolean;
}

export interface SecurityData {
  session: StaffSessionView;
  security: SecurityView;
}

/** `at` tells two equal messages apart: each is announced and focused anew. */
export type SecurityResult =
  | { ok: true; message: string; at: number }
  | { ok: false; error: string; field?: string | undefined; at: number };

export async function loadSecurity(): Promise<SecurityData> {
  const session = await requireSession();
  return { session, security: await getJson<SecurityView>("/security") };
}

/** The security page's forms: set up the authenticator app, confirm it, add or remove a passkey. */
export async function changeSecurity(form: FormData): Promise<SecurityResult> {
  const at = Date.now();
  const intent = form.get("intent");
  try {
    const csrf = (await requireSession()).csrf_token;
    if (intent === "totp-offer") {
      await postJson("/security/totp/offer", {}, csrf);
      return { at, ok: true, message: t("Scan the code and enter the code your app shows.") };
    }
    if (intent === "totp-enrol") {
      const code = String(form.get("code") ?? "").replace(/\s/g, "");
      await postJson("/security/totp", { code }, csrf);
      return {
        at,
        ok: true,
        message: t("The authenticator app is set up. Every login now asks for a second step."),
      };
    }
    if (intent === "passkey-remove") {
      await deleteJson(`/security/passkeys/${Number(form.get("id"))}`, csrf);
      return { at, ok: true, message: t("The passkey has been removed") };
    }
    const options = await postJson<PublicKeyCredentialCreationOptionsJSON>(
      "/security/passkeys/options",
      {},
      csrf,
    );
    const made = await makePasskey(options);
    if (!made.ok) return { at, ok: false, error: made.error };
    await postJson("/security/passkeys", { credential: made.response }, csrf);
    return { at, ok: true, message: t("The passkey has been added") };
  } catch (error) {
    return { at, ok: false, ...failureOf(error) };
  }
}

function TotpSection({
  security,
  result,
  busy,
}: {
  security: SecurityView;
  result: SecurityResult | undefined;
  busy: boolean;
}) {
  const failed = result && !result.ok ? result : null;
  return (
    <section className="bo__panel" aria-labelledby="bo-totp-heading">
      <h2 id="bo-totp-heading">{t("Authenticator app")}</h2>
      {security.totp ? (
        <p data-testid="totp-state">
          {t("Set up. When you sign in, you can enter the code your app shows.")}
        </p>
      ) : security.totp_offer ? (
        <Form method="post" className="bo__form" key="totp-enrol">
          <input type="hidden" name="intent" value="totp-enrol" />
          <TotpSecret secret={security.totp_offer.secret} uri={security.totp_offer.uri} />
          <label htmlFor="bo-security-code">{t("Code from your authenticator app")}</label>
          <input
            id="bo-security-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            required
            aria-invalid={failed?.field === "body.code" ? true : undefined}
          />
          <button type="submit" className="bo__button" disabled={busy}>
            {t("Confirm")}
          </button>
        </Form>
      ) : (
        <Form method="post" className="bo__form" key="totp-offer">
          <p data-testid="totp-state">
            {t("Not set up. With it, every login asks for the code your app shows.")}
          </p>
          <button type="submit" name="intent" value="totp-offer" className="bo__button" disabled={busy}>
            {t("Set up the authenticator app")}
          </button>
        </Form>
      )}
    </section>
  );
}

function PasskeySection({ security, busy }: { security: SecurityView; busy: boolean }) {
  const never = t("Not used yet");
  return (
    <section className="bo__panel" aria-labelledby="bo-passkeys-heading">
      <h2 id="bo-passkeys-heading">{t("Passkeys")}</h2>
      <p>{t("Sign in with the password and a passkey on this device or your phone, instead of a code.")}</p>
      {security.passkeys.length === 0 ? (
        <p>{t("You have no passkeys yet")}</p>
      ) : (
        <ul className="bo__passkeys">
          {security.passkeys.map((p) => (
            <li key={p.id} data-testid="passkey" className="bo__passkey">
              <div>
                <p className="bo__passkey-name">{p.name}</p>
                <p className="bo__hint">
                  {t("Added on {date}", { date: formatDate(p.created_at) })}.{" "}
                  {p.last_used_at ? t("Last used on {date}", { date: formatDate(p.last_used_at) }) : never}
                </p>
              </div>
              {security.may_remove_passkey ? (
                <Form method="post">
                  <input type="hidden" name="id" value={p.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="passkey-remove"
                    className="bo__button bo__button--quiet"
                    disabled={busy}
                    aria-label={t("Remove {name}", { name: p.name })}
                  >
                    {t("Remove")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {security.passkeys.length > 0 && !security.may_remove_passkey ? (
        <p className="bo__hint">
          {t("A beheerder keeps at least one second factor: add another before removing this one.")}
        </p>
      ) : null}
      {passkeysSupported() ? (
        <Form method="post">
          <button type="submit" name="intent" value="passkey-add" className="bo__button" disabled={busy}>
            {t("Add a passkey")}
          </button>
        </Form>
      ) : (
        <p>{t("Your browser could not use a passkey.")}</p>
      )}
    </section>
  );
}

/** `/beheer/beveiliging`, for every signed-in staff member: their own second factors. */
export function SecurityPage({ data, result }: { data: SecurityData; result: SecurityResult | undefined }) {
  const busy = useNavigation().state !== "idle";
  return (
    <section className="bo__narrow">
      <PageHeading>{t("Security")}</PageHeading>
      <p>{t("Your second factors: what a login asks for after your password.")}</p>
      {result ? (
        <Notice key={result.at} kind={result.ok ? "done" : "error"}>
          {result.ok ? result.message : result.error}
        </Notice>
      ) : null}
      <TotpSection security={data.security} result={result} busy={busy} />
      <PasskeySection security={data.security} busy={busy} />
    </section>
  );
}
