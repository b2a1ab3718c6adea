import { t } from "@etalage/core";
import { fetchAsCustomer } from "../../session/customer-fetch.ts";

/**
 * The shopper's returns API (`/api/returns`, docs/decisions/0049) from the browser. A guest shows
 * the order page's token; a signed-in customer's calls carry their bearer token instead, so a
 * guest's call never does (a customer looking at a guest order's page is that guest there).
 */

interface ReturnableLine {
  id: number;
  sku: string;
  name: string;
  options: { label: string; value: string }[];
  qty: number;
  returnable: number;
  refusal: string | null;
  message: string | null;
}

export interface Returnable {
  order_number: string;
  window: { open: boolean; until: string | null; message: string | null };
  reasons: string[];
  lines: ReturnableLine[];
  returns: { number: string; status: string; status_label: string; created_at: string; label_url: string }[];
}

export interface ReturnMade {
  number: string;
  status_label: string;
  label_url: string;
}

export interface ReturnLabel {
  number: string;
  order_number: string;
  status_label: string;
  created_at: string;
  sender: string[];
  return_address: string[];
  lines: {
    name: string;
    sku: string;
    options: { label: string; value: string }[];
    units: number;
    reason_label: string;
  }[];
}

export type Answer<T> = { ok: true; value: T } | { ok: false; message: string; field?: string };

async function call<T>(path: string, token: string | undefined, init: RequestInit = {}): Promise<Answer<T>> {
  let response: Response;
  try {
    const request = { ...init, cache: "no-store" as const };
    response = token ? await fetch(path, request) : await fetchAsCustomer(path, request);
  } catch {
    return { ok: false, message: t("We're sorry, an error occurred. Please try again in a moment.") };
  }
  const body = (await response.json().catch(() => null)) as {
    result?: unknown;
    meta?: { errors?: { path: string; message: string }[] };
  } | null;
  if (response.ok && body) return { ok: true, value: body.result as T };
  if (response.status === 404) return { ok: false, message: t("Order not found") };
  const first = body?.meta?.errors?.[0];
  // The server words refusals in Dutch itself; anything else is no message for a shopper.
  const message =
    response.status === 409 || response.status === 400
      ? (first?.message ?? String(body?.result ?? ""))
      : t("We're sorry, an error occurred. Please try again in a moment.");
  return { ok: false, message, ...(first ? { field: first.path } : {}) };
}

const withToken = (token: string | undefined) => (token ? `?token=${encodeURIComponent(token)}` : "");

export const loadReturnable = (orderNumber: string, token?: string) =>
  call<Returnable>(`/api/returns/orders/${encodeURIComponent(orderNumber)}${withToken(token)}`, token);

export const loadReturnLabel = (number: string, token?: string) =>
  call<ReturnLabel>(`/api/returns/${encodeURIComponent(number)}${withToken(token)}`, token);

export function askReturn(
  orderNumber: string,
  token: string | undefined,
  key: string,
  lines: { id: number; qty: number; reason: string }[],
) {
  return call<ReturnMade>(`/api/returns/orders/${encodeURIComponent(orderNumber)}`, token, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({ ...(token ? { token } : {}), lines }),
  });
}
