import type { StaffAction, StaffRole } from "@etalage/core";
import { t } from "@etalage/core";

/**
 * The back office's calls to `/api/beheer` from the browser: the `etalage_staff` cookie goes
 * along by itself (same origin), a change carries the session's CSRF token (docs/decisions/0043).
 */

export interface StaffSessionView {
  staff: { email: string; role: StaffRole; totp: boolean };
  csrf_token: string;
  expires_at: string;
  permissions: StaffAction[];
  refund_limit_eur: number | null;
}

class BackOfficeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const BASE = "/api/beheer";

/** The server's messages in Dutch, as literal calls the build compiles (the shop's dictionary stays as it is). */
const MESSAGES: Record<string, string> = {
  "Wrong email or password": t("Wrong email or password"),
  "Too many attempts. Try again in a few minutes.": t("Too many attempts. Try again in a few minutes."),
  "The code is not right": t("Back office: the code is not right"),
  "This login has expired. Start again with your email and password.": t(
    "Back office: the login has expired",
  ),
  "This invitation is not valid or has expired. Ask for a new one.": t(
    "Back office: the invitation is not valid",
  ),
  "A code from your authenticator app is required": t("Back office: a code is required"),
  "The code is not right. Check the time on your phone and try again.": t(
    "Back office: the enrolment code is not right",
  ),
  "Password must have at least 8 characters and at least 3 character classes.": t(
    "Password must have at least 8 characters and at least 3 character classes.",
  ),
  "This password is too easy to guess. Choose a longer or less common one.": t(
    "This password is too easy to guess. Choose a longer or less common one.",
  ),
  "Your role may not do this": t("Back office: your role may not do this"),
  "body.url: an endpoint with this URL exists": t("An endpoint with this URL exists already"),
  "must be an http:// or https:// URL": t("Enter a URL that starts with http:// or https://"),
  "must not hold a user or password": t("Leave the user and password out of the URL"),
  "params.id: its endpoint is disabled; add it again first": t(
    "Its endpoint is removed: add the endpoint again first",
  ),
  "The passkey could not be verified": t("The passkey could not be verified"),
  "This passkey request has expired. Please try again.": t(
    "This passkey request has expired. Please try again.",
  ),
  "This passkey has already been added": t("This passkey has already been added"),
  "Passkey not found": t("Passkey not found"),
  "Passkeys only work when the shop is opened by its name (such as localhost), not by an IP address.": t(
    "Passkeys only work when the shop is opened by its name (such as localhost), not by an IP address.",
  ),
};

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(BASE + path, { credentials: "same-origin", cache: "no-store", ...init });
  } catch {
    throw new BackOfficeError(0, t("The back office could not be reached. Try again."));
  }
  const body = (await response.json().catch(() => ({}))) as {
    result?: unknown;
    meta?: { errors?: { path: string; message: string }[] };
  };
  if (response.ok) return body.result as T;
  const first = body.meta?.errors?.[0];
  const message = first ? first.message : String(body.result ?? response.statusText);
  throw new BackOfficeError(response.status, MESSAGES[message] ?? message, first?.path);
}

export const getJson = <T>(path: string) => call<T>(path);

export const postJson = <T>(
  path: string,
  body: unknown,
  csrf?: string,
  headers: Record<string, string> = {},
) =>
  call<T>(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(csrf ? { "x-csrf-token": csrf } : {}), ...headers },
    body: JSON.stringify(body),
  });

export const deleteJson = <T>(path: string, csrf: string) =>
  call<T>(path, { method: "DELETE", headers: { "x-csrf-token": csrf } });

/** The signed-in staff member, or null (never signed in, expired, logged out). */
export async function currentSession(): Promise<StaffSessionView | null> {
  try {
    return await getJson<StaffSessionView>("/session");
  } catch (error) {
    if (error instanceof BackOfficeError && error.status === 401) return null;
    throw error;
  }
}

/** A page's failure as the page shows it: the message, and the field it names. */
export function failureOf(error: unknown): { error: string; field?: string | undefined } {
  if (error instanceof BackOfficeError) return { error: error.message, field: error.field };
  throw error;
}
