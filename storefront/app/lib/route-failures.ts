import { OFFLINE_STAY_MESSAGE, routeLoadOutcome, t } from "@etalage/core";
import { isRouteErrorResponse, redirect } from "react-router";
import { notify } from "./notification-store.ts";
import { asResults, CARRIED_NOTICE_KEY, type Results } from "./route-results.ts";

/*
 * What a route-load failure tells the shopper (browsing §8; lib/route-errors.ts has the rules of
 * when). Core's rules translate the server's message, so they bring the dictionary: a chunk of
 * its own, which a page loads once the shopper interacts or navigates, before any failure.
 */

/** The middleware's answer for a navigation some loader failed: the message, and home if offline. */
export function settle(
  results: Results,
  pathname: string,
  cached: Record<string, unknown> | undefined,
  /** Where to go instead offline: home when its data is kept here, else the page on screen, else none. */
  fallback: string | null,
): Results | Promise<Results> {
  const failure = firstFailure(results);
  if (!failure) return results;
  if (cached && failure.networkError) return asResults(cached);
  const outcome = routeLoadOutcome(failure);
  if (outcome.action === "ignore") return results;
  // Home's data is not kept (home was another document): the page on screen stays, and works.
  if (outcome.action === "go-home" && failure.networkError && fallback && fallback !== "/") {
    notify({ type: "danger", message: t(OFFLINE_STAY_MESSAGE), action1: { label: t("OK") } });
    throw redirect(fallback);
  }
  const notice = { type: "danger" as const, message: outcome.message, action1: { label: t("OK") } };
  // Home itself unreachable offline, its data not kept since this document loaded (it was seen
  // as another document): home as a document, which the service worker keeps, instead of the
  // error page (issue 23, item 9). The notice is shown once it has loaded.
  if (outcome.action === "go-home" && pathname === "/" && failure.networkError && homeAsDocument(notice))
    return new Promise<Results>(() => {});
  notify(notice);
  // Already on the way home: let the error page show rather than loop.
  if (outcome.action === "go-home" && pathname !== "/") throw redirect("/");
  return results;
}

/** A route lookup that got no answer: the same message, then `goHome` unless already there. */
export function reportUnreached(error: TypeError, goHome: () => void): void {
  const outcome = routeLoadOutcome({ message: error.message, networkError: true });
  if (outcome.action === "ignore") return;
  notify({ type: "danger", message: outcome.message, action1: { label: t("OK") } });
  if (outcome.action === "go-home") goHome();
}

/** The first loader error of a navigation, in the terms of core's `routeLoadOutcome`. */
function firstFailure(results: Results) {
  for (const { type, result } of Object.values(results)) {
    if (type !== "error") continue;
    if (result instanceof DOMException && result.name === "AbortError") continue;
    if (isRouteErrorResponse(result)) {
      const data: unknown = result.data;
      const message =
        typeof data === "string"
          ? data
          : data && typeof data === "object" && "message" in data
            ? String(data.message)
            : result.statusText;
      return { status: result.status, message };
    }
    if (result instanceof Error) {
      // fetch() rejects with a TypeError when no answer came at all.
      return { message: result.message, networkError: result instanceof TypeError };
    }
    return { message: String(result) };
  }
  return undefined;
}

/**
 * Loads home as a document when a service worker controls the page (it answers with the home
 * page it keeps, or the offline page): false without one, where offline the browser would show
 * its own error page instead.
 */
function homeAsDocument(notice: { type: "danger"; message: string; action1: { label: string } }): boolean {
  if (!navigator.serviceWorker?.controller) return false;
  try {
    sessionStorage.setItem(CARRIED_NOTICE_KEY, JSON.stringify(notice));
  } catch {
    // Storage refused: home still opens, without the notice.
  }
  window.location.replace("/");
  return true;
}
