import { t } from "@etalage/core";
import { useEffect, useState } from "react";
import { loginWithPasskey, passkeysSupported } from "./passkey-actions.ts";

/**
 * "Inloggen met een passkey" under the login form of /login and the authentication modal: shown
 * once hydrated and only in a browser that knows WebAuthn. `onDone` runs once logged in.
 */
export function PasskeyLogin({ onDone }: { onDone: () => void }) {
  const [supported, setSupported] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSupported(passkeysSupported()), []);
  if (!supported) return null;

  async function logIn() {
    setError(null);
    setBusy(true);
    try {
      const refused = await loginWithPasskey();
      if (refused) return setError(refused);
    } finally {
      setBusy(false);
    }
    onDone();
  }

  return (
    <div className="account-passkey-login">
      <p className="account__or">{t("or")}</p>
      <button
        type="button"
        className="button button--outline account__submit"
        disabled={busy}
        onClick={() => void logIn()}
      >
        {t("Log in with a passkey")}
      </button>
      {error && (
        <p role="alert" className="account__error">
          {error}
        </p>
      )}
    </div>
  );
}
