import { REFRESH_FAILED_MESSAGE } from "@etalage/core";
import { customerToken, tokenLock } from "./account-store.ts";

/**
 * fetch with the logged-in customer's token (contract "Conventions": a bearer header), so the
 * cart's calls reach the customer's own cart; a guest's calls go out as they were. A customer's
 * call passes the token lock: it waits while a refresh runs, is retried once with the new token
 * after a 401, and is aborted with a 401 once the lock gave up (transactional §4 "Token lock").
 */
export async function fetchAsCustomer(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  if (!customerToken()) return fetch(input, init);
  if (!(await tokenLock.ready())) return aborted();
  const send = () => {
    const token = customerToken();
    if (!token) return fetch(input, init);
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
  const response = await send();
  if (response.status !== 401 || !customerToken() || !(await tokenRefused(response))) return response;
  return (await tokenLock.unauthorised()) ? send() : aborted();
}

/** A 401 about the token (its field named), not about the cart (someone else's cart is 401 too). */
async function tokenRefused(response: Response): Promise<boolean> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { meta?: { errors?: { path?: string }[] } } | null;
  const paths = body?.meta?.errors?.map((error) => error.path) ?? [];
  return paths.includes("headers.authorization") || paths.includes("querystring.token");
}

function aborted(): Response {
  return new Response(JSON.stringify({ code: 401, result: REFRESH_FAILED_MESSAGE }), {
    status: 401,
    headers: { "content-type": "application/json" },
  });
}
