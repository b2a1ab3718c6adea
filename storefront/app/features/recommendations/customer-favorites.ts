import { notifyFavorite } from "../../lib/elevate/elevate-api.ts";
import { accountState, authed } from "../../session/account-store.ts";
import { favoriteKeys, replaceFavorites } from "../../session/favorites-store.ts";

/*
 * A customer's favourites on the server (issue 16, `/api/ext/tritonx/favorites`): a logged-in
 * customer's hearts go there too, and at login (or on the account's favourites page) this
 * browser's favourites are merged with the account's. Loaded only for a customer.
 */

/** Merges this browser's favourites into the account's and takes the account's list here. */
export async function syncCustomerFavorites(): Promise<boolean> {
  if (!accountState().token) return false;
  const local = favoriteKeys();
  const answer =
    local.length > 0
      ? await authed<string[]>("/favorites", { method: "POST", body: { productKeys: [...local] } })
      : await authed<string[]>("/favorites");
  if (answer.code !== 200 || !Array.isArray(answer.result)) return false;
  const known = new Set(local);
  // The recommendation service's FAVORITES list, which the page shows, follows this browser's
  // customer key: it learns the account's favourites before the page asks for the list.
  await Promise.all(answer.result.filter((key) => !known.has(key)).map((key) => notifyFavorite(key, true)));
  replaceFavorites(answer.result);
  return true;
}

/** One heart set or taken off, for a logged-in customer. */
export async function sendCustomerFavorite(key: string, add: boolean): Promise<void> {
  if (!accountState().token) return;
  await authed<string[]>(
    add ? "/favorites" : `/favorites/${encodeURIComponent(key)}`,
    add ? { method: "POST", body: { productKeys: [key] } } : { method: "DELETE" },
  ).catch(() => undefined);
}
