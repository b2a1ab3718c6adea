import { customerToken } from "./account-store.ts";

/**
 * fetch with the logged-in customer's token (contract "Conventions": a bearer header), so the
 * cart's calls reach the customer's own cart; a guest's calls go out as they were.
 */
export function fetchAsCustomer(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const token = customerToken();
  if (!token) return fetch(input, init);
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${token}`);
  return fetch(input, { ...init, headers });
}
