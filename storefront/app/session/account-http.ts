import { lookupTable, t } from "@etalage/core";

/**
 * The customer API (contract "Customer") as the browser calls it. Every answer comes back as
 * `{ code, result, meta }` whatever its status; a network failure throws `Offline`.
 */
const CUSTOMER_API = "/api/ext/tritonx";

export class Offline extends Error {
  constructor() {
    super("offline");
    this.name = "Offline";
  }
}

export interface Answer<T> {
  code: number;
  result: T;
  meta?: {
    refreshToken?: string;
    session_expires?: number;
    errors?: { path: string; message: string }[];
    errorMessage?: string;
  };
}

export async function callApi<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string | undefined } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let response: Response;
  try {
    response = await fetch(`${CUSTOMER_API}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch {
    throw new Offline();
  }
  const body = (await response.json().catch(() => null)) as Answer<T> | null;
  return body ?? { code: response.status, result: "Unhandled error, wrong response format!" as T };
}

/*
 * The API answers the spec's English phrases; the build compiles literal `t()` calls away, so the
 * phrases a refusal may carry are looked up here, each written out once.
 */
const SERVER_MESSAGES = lookupTable({
  "Wrong email or password": t("Wrong email or password"),
  "An account with this email already exists": t("An account with this email already exists"),
  "This password is too easy to guess. Choose a longer or less common one.": t(
    "This password is too easy to guess. Choose a longer or less common one.",
  ),
  "Password must have at least 8 characters and at least 3 character classes.": t(
    "Password must have at least 8 characters and at least 3 character classes.",
  ),
  "This reset link is not valid or has expired. Request a new one.": t(
    "This reset link is not valid or has expired. Request a new one.",
  ),
  "Too many attempts. Try again in a few minutes.": t("Too many attempts. Try again in a few minutes."),
  "Please provide an valid e-mail address": t("Please provide an valid e-mail address"),
  "Enter a Dutch postcode such as 1012 AB": t("Enter a Dutch postcode such as 1012 AB"),
  "Enter a house number": t("Enter a house number"),
  "Field is required": t("Field is required"),
  "The current password is not correct": t("The current password is not correct"),
  "You need to be logged in to see this page": t("You need to be logged in to see this page"),
  "Error refreshing user token. User is not authorized to access the resource": t(
    "Error refreshing user token. User is not authorized to access the resource",
  ),
  // Passkeys (issue 12, beyond the spec)
  "Passkeys only work when the shop is opened by its name (such as localhost), not by an IP address.": t(
    "Passkeys only work when the shop is opened by its name (such as localhost), not by an IP address.",
  ),
  "This passkey is not known to us. Log in with your password and add it again.": t(
    "This passkey is not known to us. Log in with your password and add it again.",
  ),
  "This passkey request has expired. Please try again.": t(
    "This passkey request has expired. Please try again.",
  ),
  "The passkey could not be verified": t("The passkey could not be verified"),
  "Passkey not found": t("Passkey not found"),
  "This passkey has already been added": t("This passkey has already been added"),
});

/** Dutch for a message of the API (an unknown one as it came: better than nothing). */
export function dutch(message: string): string {
  return SERVER_MESSAGES[message] ?? message;
}

/** The Dutch message of a refusal, without the field path the API puts in front of it. */
export function messageOf(answer: Answer<unknown>): string {
  const first = answer.meta?.errorMessage ?? answer.meta?.errors?.[0]?.message;
  if (first) return dutch(first);
  return typeof answer.result === "string"
    ? dutch(answer.result.replace(/^[\w.[\]]+: /, ""))
    : t("Please fix the validation errors");
}

export interface CustomerAddress {
  id?: number;
  firstname: string;
  lastname: string;
  street: string[];
  postcode: string;
  city: string;
  country_id: string;
  telephone?: string;
  company?: string;
  default_shipping?: boolean;
  default_billing?: boolean;
}

export interface Customer {
  id: number;
  external_id: string;
  email: string;
  firstname: string;
  lastname: string;
  group_id: number;
  created_at: string;
  addresses: (CustomerAddress & { id: number })[];
}

export interface OrderSummary {
  increment_id: string;
  created_at: string;
  status: string;
  status_label?: string;
  grand_total: number;
  items?: {
    sku: string;
    name: string;
    qty: number;
    row_total_incl_tax: number;
    /** The line's chosen options, such as a gift card's recipient (issue 14). */
    product_option?: { options?: { label: string; value: string }[] };
  }[];
}
