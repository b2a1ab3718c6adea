import { t } from "@etalage/core";

/**
 * The Dutch reason a WebAuthn call failed, for the shop's passkeys and the back office's alike.
 * The browser throws a DOMException (the user cancelled, or the time ran out: NotAllowedError;
 * this device already holds a passkey for the account: InvalidStateError), which
 * @simplewebauthn/browser may wrap with a code.
 */
export function passkeyProblem(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")
    return t("This device already holds a passkey for your account.");
  if (code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID")
    return t(
      "Passkeys only work when the shop is opened by its name (such as localhost), not by an IP address.",
    );
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED")
    return t("The passkey was cancelled or took too long. Please try again.");
  return t("Your browser could not use a passkey.");
}
