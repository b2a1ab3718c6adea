/**
 * Landing pages of the search provider live under /l/elevate/ (browsing §2, strict trailing
 * slash); their breadcrumbs come from the path's segments: hyphens become spaces, the first
 * letter is capitalised, and the last segment is the current item.
 */

export const LANDING_PREFIX = "/l/elevate/";

export interface LandingCrumb {
  label: string;
  /** The crumb's page; the current item has none. */
  path?: string;
}

/** `schoenen/zwarte-sneakers` of `/l/elevate/schoenen/zwarte-sneakers/`, or undefined off the prefix. */
export function landingUrlPath(pathname: string): string | undefined {
  if (!pathname.startsWith(LANDING_PREFIX)) return undefined;
  const rest = pathname.slice(LANDING_PREFIX.length).replace(/\/+$/, "");
  const segments = rest.split("/").filter(Boolean);
  return segments.length > 0 ? segments.join("/") : undefined;
}

/** The page of a landing url_path: `/l/elevate/{url_path}/`. */
export function landingPagePath(urlPath: string): string {
  const trimmed = urlPath.replace(/^\/+|\/+$/g, "");
  return trimmed ? `${LANDING_PREFIX}${trimmed}/` : LANDING_PREFIX;
}

/** "zwarte-sneakers" → "Zwarte sneakers"; percent-escapes decoded when they decode. */
export function segmentLabel(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A broken escape stays as typed: a label, not a lookup.
  }
  text = text.replace(/-/g, " ").replace(/\s+/g, " ").trim();
  return text ? text.charAt(0).toLocaleUpperCase("nl-NL") + text.slice(1) : text;
}

/** The breadcrumbs of a landing url_path: every segment but the last links to its own landing page. */
export function landingBreadcrumbs(urlPath: string): LandingCrumb[] {
  const segments = urlPath.split("/").filter(Boolean);
  return segments.map((segment, i) =>
    i === segments.length - 1
      ? { label: segmentLabel(segment) }
      : { label: segmentLabel(segment), path: landingPagePath(segments.slice(0, i + 1).join("/")) },
  );
}

/** Whether a navigation to `pathname` leaves the landing page of `urlPath` (its state is then cleared). */
export function leavesLanding(urlPath: string, pathname: string): boolean {
  return landingUrlPath(pathname) !== urlPath;
}
