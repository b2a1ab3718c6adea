import { t } from "@etalage/core";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { notify } from "../../lib/notification-store.ts";
import { callApi, messageOf, Offline } from "../../session/account-http.ts";
import { authed, startSession } from "../../session/account-store.ts";

/**
 * Passkeys (issue 12, beyond the spec) as the browser handles them: add one to the account, remove
 * one, log in with one. The WebAuthn calls come from @simplewebauthn/browser, loaded on the first
 * use so no page pays for it up front. Each action returns the Dutch message of a refusal, or null.
 */

export interface Passkey {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** Whether this browser can use passkeys at all (the buttons show only then). */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

const webauthn = () => import("../../lib/webauthn.ts");

const offline = () => t("You are offline. Some features might not be available.");

export async function listPasskeys(): Promise<Passkey[] | string> {
  try {
    const answer = await authed<Passkey[]>("/passkeys");
    return answer.code === 200 ? answer.result : messageOf(answer);
  } catch (error) {
    if (error instanceof Offline) return offline();
    throw error;
  }
}

/** Asks the server for a challenge, lets the device make a passkey, and has the server keep it. */
export async function addPasskey(): Promise<string | null> {
  try {
    const options = await authed<PublicKeyCredentialCreationOptionsJSON>("/passkeys/register-options", {
      body: {},
    });
    if (options.code !== 200) return messageOf(options);
    const { startRegistration, passkeyProblem } = await webauthn();
    let credential: Awaited<ReturnType<typeof startRegistration>>;
    try {
      credential = await startRegistration({ optionsJSON: options.result });
    } catch (error) {
      return passkeyProblem(error);
    }
    const added = await authed<Passkey>("/passkeys/register", { body: { credential } });
    if (added.code !== 200) return messageOf(added);
  } catch (error) {
    if (error instanceof Offline) return offline();
    throw error;
  }
  notify({ type: "success", message: t("The passkey has been added") });
  return null;
}

export async function removePasskey(id: number): Promise<string | null> {
  try {
    const answer = await authed<{ id: number }>(`/passkeys/${id}`, { method: "DELETE" });
    if (answer.code !== 200) return messageOf(answer);
  } catch (error) {
    if (error instanceof Offline) return offline();
    throw error;
  }
  notify({ type: "success", message: t("The passkey has been removed") });
  return null;
}

/**
 * Logs in with a passkey the device offers for this shop. The answer is a login's, so the session
 * starts as after a password: cart attached, favourites merged.
 */
export async function loginWithPasskey(): Promise<string | null> {
  try {
    const options = await callApi<PublicKeyCredentialRequestOptionsJSON>("/passkeys/login-options", {
      body: {},
    });
    if (options.code !== 200) return messageOf(options);
    const { startAuthentication, passkeyProblem } = await webauthn();
    let credential: Awaited<ReturnType<typeof startAuthentication>>;
    try {
      credential = await startAuthentication({ optionsJSON: options.result });
    } catch (error) {
      return passkeyProblem(error);
    }
    const answer = await callApi<string>("/passkeys/login", { body: { credential } });
    if (answer.code !== 200) return messageOf(answer);
    return (await startSession(answer)) ? null : t("The passkey could not be verified");
  } catch (error) {
    if (error instanceof Offline) return offline();
    throw error;
  }
}
