import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";

/**
 * The back office's WebAuthn calls. @simplewebauthn/browser is loaded on the first use (with the
 * shop's passkeys, lib/webauthn.ts), so only a staff member who signs in with or adds a passkey
 * downloads it. Each answers the browser's
 * response, or the Dutch reason it could not make one.
 */
const webauthn = () => import("../../lib/webauthn.ts");

export type Outcome<T> = { ok: true; response: T } | { ok: false; error: string };

export async function signWithPasskey(
  options: PublicKeyCredentialRequestOptionsJSON,
): Promise<Outcome<AuthenticationResponseJSON>> {
  const { startAuthentication, passkeyProblem } = await webauthn();
  try {
    return { ok: true, response: await startAuthentication({ optionsJSON: options }) };
  } catch (error) {
    return { ok: false, error: passkeyProblem(error) };
  }
}

export async function makePasskey(
  options: PublicKeyCredentialCreationOptionsJSON,
): Promise<Outcome<RegistrationResponseJSON>> {
  const { startRegistration, passkeyProblem } = await webauthn();
  try {
    return { ok: true, response: await startRegistration({ optionsJSON: options }) };
  } catch (error) {
    return { ok: false, error: passkeyProblem(error) };
  }
}

/** Whether this browser can use passkeys at all (the buttons show only then). */
export const passkeysSupported = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
