import { routeLoadOutcome, t } from "@etalage/core";
import { type DataStrategyResult, isRouteErrorResponse, redirect } from "react-router";
import { notify } from "../features/notifications/notification-store.ts";
import { asResults } from "./route-errors.ts";

/*
 * What a route-load failure tells the shopper (browsing §8; lib/route-errors.ts has the rules of
 * when). Core's rules translate the server's message, so they bring the dictionary: a chunk of
 * its own, which a page loads once the shopper interacts or navigates, before any failure.
 */

type Results = Record<string, DataStrategyResult>;

/** The middleware's answer for a navigation some loader failed: the message, and home if offline. */
export function settle(results: Results, pathname: string, cached: Record<string, unknown> | undefined) {
  const failure = firstFailure(results);
  if (!failure) return results;
  if (cached && failure.networkError) return asResults(cached);
  const outcome = routeLoadOutcome(failure);
  if (outcome.action === "ignore") return results;
  notify({ type: "danger", message: outcome.message, action1: { label: t("OK") } });
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
