import {
  isSessionExpired,
  MAX_REFRESH_ATTEMPTS,
  needsRefresh,
  REFRESH_FAILED_MESSAGE,
  t,
} from "@etalage/core";
import { notify } from "../lib/notification-store.ts";
import { createStore, useStore } from "../lib/store.ts";
import { withLock } from "../lib/with-lock.ts";
import { type Answer, type Customer, callApi, Offline } from "./account-http.ts";
import { emit } from "./events.ts";
import { openModal } from "./modal-store.ts";
import { createTokenLock, type RefreshOutcome } from "./token-lock.ts";

/**
 * The session (transactional §4 "Session", "Session expiry", "Token lock"): token, refresh token
 * and expiry kept in this browser, the profile loaded with them. The rules themselves are core's
 * (core/src/account/session.ts); this file wires them to storage and the network.
 */
export interface AccountState {
  /** False until the stored session was read (the server renders logged out). */
  ready: boolean;
  token: string | null;
  refreshToken: string | null;
  expires: number | null;
  user: Customer | null;
  /** The shopper logged out on purpose: an account page then goes home, not to /login. */
  loggedOut?: boolean;
}

const KEY = "etalage-account";
const store = createStore<AccountState>({
  ready: false,
  token: null,
  refreshToken: null,
  expires: null,
  user: null,
});
export function useAccount(): AccountState {
  return useStore(store);
}

export function accountState(): AccountState {
  return store.get();
}

function persist(state: AccountState) {
  store.set(state);
  try {
    if (state.token) {
      const { token, refreshToken, expires, user } = state;
      localStorage.setItem(KEY, JSON.stringify({ token, refreshToken, expires, user }));
    } else localStorage.removeItem(KEY);
  } catch {
    // Storage full or blocked: the session lasts this page only.
  }
}

/** Reads the stored session once in the browser; an expired one counts as none. */
export function startAccount(): void {
  if (store.get().ready || typeof window === "undefined") return;
  let saved: Partial<AccountState> = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<AccountState>;
  } catch {}
  const state: AccountState = {
    ready: true,
    token: saved.token ?? null,
    refreshToken: saved.refreshToken ?? null,
    expires: saved.expires ?? null,
    user: saved.user ?? null,
  };
  store.set(state);
  window.addEventListener("storage", (event) => {
    if (event.key === KEY) {
      store.set({ ...store.get(), ready: false });
      startAccount();
    }
  });
  if (state.token && isSessionExpired(state.expires ?? undefined, Date.now())) void expire();
  else if (state.token) void loadProfile();
}

/**
 * One refresh call, under a lock every tab of the shop shares: a refresh token works once, so two
 * tabs presenting the same one would revoke the login (ADR 0016). A tab that waited for another's
 * refresh finds the rotated tokens in storage and takes them instead of calling.
 */
function refreshOnce(): Promise<RefreshOutcome> {
  const presented = store.get().refreshToken;
  return withLock("etalage-token-refresh", async () => {
    const stored = readStored();
    if (stored.token && stored.refreshToken && stored.refreshToken !== presented) {
      persist({ ...store.get(), ...stored, ready: true });
      return "refreshed";
    }
    const current = store.get();
    if (!current.refreshToken) return "refused";
    let answer: Answer<string>;
    try {
      answer = await callApi<string>("/refresh", { body: { refreshToken: current.refreshToken } });
    } catch {
      return "unreachable";
    }
    if (answer.code >= 500 || answer.code === 429) return "unreachable";
    if (answer.code !== 200) return "refused";
    persist({
      ...store.get(),
      token: answer.result,
      refreshToken: answer.meta?.refreshToken ?? null,
      expires: answer.meta?.session_expires ?? null,
    });
    return "refreshed";
  });
}

function readStored(): Partial<Pick<AccountState, "token" | "refreshToken" | "expires" | "user">> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<AccountState>;
  } catch {
    return {};
  }
}

/**
 * The token lock (transactional §4): every authenticated call, the cart's included
 * (customer-fetch.ts), waits while a refresh runs. Giving up logs out silently, drops the calls
 * not yet sent and opens the sign-up modal; after too many attempts the shopper is told first.
 */
export const tokenLock = createTokenLock({
  refresh: refreshOnce,
  async giveUp() {
    if (tokenLock.state().attempts > MAX_REFRESH_ATTEMPTS)
      notify({
        type: "danger",
        message: t(
          "Internal Application error while refreshing the tokens. Please clear the storage and refresh page.",
        ),
        action1: { label: t("OK") },
      });
    await logout({ silent: true });
    // The cart drops the calls it had not sent yet (features/cart/cart-reactions.ts).
    await emit("session-given-up");
    openModal("auth", { mode: "register" });
  },
});

const refused = <T>(message: string): Answer<T> => ({ code: 401, result: message as T });

/**
 * An authenticated call, through the token lock. With the session about to end (< 900 s) the
 * token is refreshed first; a 401 refreshes (once per call) and retries with the new token.
 */
export async function authed<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const state = store.get();
  if (!state.token) return refused("You need to be logged in to see this page");
  if (isSessionExpired(state.expires ?? undefined, Date.now())) {
    // Past its expiry the session ends with the warning (§4 "Session expiry"), unless the refresh
    // token still renews it.
    if (!(await tokenLock.ready()) || (await refreshOnce()) !== "refreshed") {
      await expire();
      return refused("You need to be logged in to see this page");
    }
  }
  if (!(await tokenLock.ready())) return refused(REFRESH_FAILED_MESSAGE);
  if (needsRefresh(store.get().expires ?? undefined, Date.now())) await tokenLock.unauthorised();
  if (!store.get().token) return refused(REFRESH_FAILED_MESSAGE);
  let answer = await callApi<T>(path, { ...init, token: store.get().token ?? undefined });
  if (answer.code === 401) {
    if (!(await tokenLock.unauthorised())) return refused(REFRESH_FAILED_MESSAGE);
    answer = await callApi<T>(path, { ...init, token: store.get().token ?? undefined });
    // A brand-new token refused too: this login is gone (revoked elsewhere).
    if (answer.code === 401) await logout({ silent: true });
  }
  if (answer.meta?.session_expires) {
    const now = store.get();
    if (now.token && now.expires !== answer.meta.session_expires)
      persist({ ...now, expires: answer.meta.session_expires });
  }
  return answer;
}

export async function loadProfile(): Promise<Customer | null> {
  try {
    const answer = await authed<Customer>("/me");
    if (answer.code !== 200) return null;
    persist({ ...store.get(), user: answer.result });
    return answer.result;
  } catch (error) {
    if (error instanceof Offline) return store.get().user;
    throw error;
  }
}

/**
 * Logs in; on success stores the tokens and loads the profile. Returns the refusal's message.
 * `attachCart: false` (an account made while checking out) leaves the cart as it is: the order
 * about to be placed takes it.
 */
export async function login(
  email: string,
  password: string,
  options: { attachCart?: boolean } = {},
): Promise<string | null> {
  const answer = await callApi<string>("/login", { body: { username: email, password } });
  if (answer.code !== 200)
    return answer.code === 429 ? "Too many attempts. Try again in a few minutes." : "Wrong email or password";
  return (await startSession(answer, options)) ? null : "Wrong email or password";
}

/**
 * A login's answer (a password's or a passkey's: the API answers both alike) becomes this
 * browser's session: tokens stored, profile loaded, the customer's cart attached and the
 * favourites merged. False when the profile cannot be read with the new token.
 */
export async function startSession(
  answer: Answer<string>,
  options: { attachCart?: boolean } = {},
): Promise<boolean> {
  tokenLock.loggedIn();
  persist({
    ready: true,
    loggedOut: false,
    token: answer.result,
    refreshToken: answer.meta?.refreshToken ?? null,
    expires: answer.meta?.session_expires ?? null,
    user: null,
  });
  const user = await loadProfile();
  if (!user) {
    persist({ ready: true, token: null, refreshToken: null, expires: null, user: null });
    return false;
  }
  // The cart attaches the customer's cart; the favourites join the account's (issue 16).
  void emit("login", { attachCart: options.attachCart !== false });
  return true;
}

/** Logout (transactional §4): the login is revoked, cart connection and user cleared. */
export async function logout(options: { silent?: boolean; revoked?: boolean } = {}): Promise<void> {
  const { token } = store.get();
  persist({
    ready: true,
    token: null,
    refreshToken: null,
    expires: null,
    user: null,
    loggedOut: !options.silent || options.revoked === true,
  });
  // `revoked`: the server already ended every login (the account was deleted).
  if (token && !options.revoked) void callApi("/logout", { method: "POST", token }).catch(() => {});
  // The cart drops the customer's cart; the customer data forgets the customer.
  void emit("logout");
  // Logout clears the wishlist (transactional §4): the account keeps the favourites.
  if (token) void import("./favorites-store.ts").then((m) => m.replaceFavorites([]));
  if (!options.silent) notify({ type: "success", message: t("You're logged out") });
}

/** Session expiry: log out and warn, with 'Log in' (transactional §4, §8). */
async function expire(): Promise<void> {
  await logout({ silent: true });
  notify({
    type: "warning",
    message: t("Due to inactivity your session has expired. Please log in again to use your account."),
    action1: { label: t("Log in"), action: () => window.location.assign("/login") },
  });
}

export function setUser(user: Customer): void {
  persist({ ...store.get(), user });
}

/** The current customer token, for the cart's calls. */
export function customerToken(): string | null {
  return store.get().token;
}
