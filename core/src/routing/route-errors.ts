import { t } from "../i18n/translate.ts";

/**
 * Route-load failures (browsing §8). A failure naming an empty result means the page is not in
 * reach (offline: not in the local cache); the shopper is told and taken home. Any other failure
 * is shown with its message and the navigation goes on to the error page.
 */

export const EMPTY_RESULT_MARKER = "query returned empty result";

/**
 * Offline, with home not at hand either (issue 23, item 9): the shopper stays on the page they
 * were reading, which still works, and is told so instead of "Redirecting to Home".
 */
export const OFFLINE_STAY_MESSAGE =
  "This page is not available offline. Pages you have seen before still open.";

export interface RouteLoadFailure {
  /** HTTP status of a route error response, when it was one. */
  status?: number;
  message?: string;
  /** The request never got an answer (offline, connection lost): nothing local to show either. */
  networkError?: boolean;
}

export type RouteLoadOutcome =
  | { action: "ignore" }
  | { action: "notify"; message: string }
  | { action: "go-home"; message: string };

/** What messages a shopper can read as they are; servers hide theirs in production. */
const UNREADABLE =
  /^(Unexpected Server Error|Internal Server Error|Failed to fetch|Load failed|NetworkError.*)$/i;

export function routeLoadOutcome(failure: RouteLoadFailure): RouteLoadOutcome {
  // A 404 is the not-found page, a page like any other.
  if (failure.status === 404) return { action: "ignore" };
  const message = failure.message?.trim() ?? "";
  if (failure.networkError || message.includes(EMPTY_RESULT_MARKER)) {
    return {
      action: "go-home",
      message: t("The product, category or CMS page is not available in Offline mode. Redirecting to Home."),
    };
  }
  const readable =
    message !== "" && message.length <= 200 && !message.includes("<") && !UNREADABLE.test(message);
  return { action: "notify", message: readable ? t(message) : t("Something went wrong") };
}
