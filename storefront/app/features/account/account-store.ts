import { isSessionExpired, needsRefresh, t } from "@etalage/core";
import { createStore, useStore } from "../../lib/store.ts";
import { notify } from "../notifications/notification-store.ts";
import { type Answer, type Customer, callApi, Offline } from "./account-http.ts";

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
/** Listeners for login and logout, so the cart can attach or drop the customer's cart. */
const sessionListeners = new Set<(event: "login" | "logout") => void>();

export function onSessionChange(listener: (event: "login" | "logout") => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

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

/** The cart engine, loaded on demand: login attaches the customer's cart, logout drops it. */
const cartEngine = () => import("../cart/cart-api.ts").then((api) => api.loadCartEngine());

let refreshing: Promise<boolean> | null = null;

/** Token lock: one refresh at a time; the callers wait for it and retry with the new token. */
async function refreshToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const current = store.get();
    if (!current.refreshToken) return false;
    try {
      const answer = await callApi<string>("/refresh", { body: { refreshToken: current.refreshToken } });
      if (answer.code !== 200) return false;
      persist({
        ...store.get(),
        token: answer.result,
        refreshToken: answer.meta?.refreshToken ?? null,
        expires: answer.meta?.session_expires ?? null,
      });
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * An authenticated call. With the session about to end (< 900 s) the token is refreshed first;
 * a 401 refreshes once and retries; a failed refresh logs out silently (lock -1).
 */
export async function authed<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const state = store.get();
  if (!state.token) return { code: 401, result: "You need to be logged in to see this page" as T };
  if (isSessionExpired(state.expires ?? undefined, Date.now()) && !(await refreshToken())) {
    await expire();
    return { code: 401, result: "You need to be logged in to see this page" as T };
  }
  if (needsRefresh(state.expires ?? undefined, Date.now())) await refreshToken();
  let answer = await callApi<T>(path, { ...init, token: store.get().token ?? undefined });
  if (answer.code === 401 && (await refreshToken())) {
    answer = await callApi<T>(path, { ...init, token: store.get().token ?? undefined });
  }
  if (answer.code === 401) {
    await logout({ silent: true });
  } else if (answer.meta?.session_expires) {
    const now = store.get();
    if (now.expires !== answer.meta.session_expires)
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
    return "Wrong email or password";
  }
  for (const listener of sessionListeners) listener("login");
  if (options.attachCart !== false) void cartEngine().then((engine) => engine.attachCustomerCart());
  return null;
}

/** Logout (transactional §4): the login is revoked, cart connection and user cleared. */
export async function logout(options: { silent?: boolean } = {}): Promise<void> {
  const { token } = store.get();
  persist({
    ready: true,
    token: null,
    refreshToken: null,
    expires: null,
    user: null,
    loggedOut: !options.silent,
  });
  if (token) void callApi("/logout", { method: "POST", token }).catch(() => {});
  for (const listener of sessionListeners) listener("logout");
  void cartEngine().then((engine) => engine.detachCart());
  if (!options.silent) notify({ type: "success", message: t("You're logged out") });
}

/** Session expiry: log out and warn, with 'Log in' (transactional §4, §8). */
export async function expire(): Promise<void> {
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
