import { lookupTable, t } from "@etalage/core";

/**
 * The customer API (contract "Customer") as the browser calls it. Every answer comes back as
 * `{ code, result, meta }` whatever its status; a network failure throws `Offline`.
 */
export const CUSTOMER_API = "/api/ext/tritonx";

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

/** The message of a refusal, without the field path the API puts in front of it. */
export function messageOf(answer: Answer<unknown>): string {
  const first = answer.meta?.errors?.[0]?.message;
  if (first) return first;
  return typeof answer.result === "string"
    ? answer.result.replace(/^[\w.[\]]+: /, "")
    : "Please fix the validation errors";
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
  items?: { sku: string; name: string; qty: number; row_total_incl_tax: number }[];
}
