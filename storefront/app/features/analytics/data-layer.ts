import {
  type ConsentChoice,
  consentDefaults,
  consentModeState,
  type Ga4Event,
  mayLoadTagManager,
  type PageType,
} from "@etalage/core";

/*
 * The tag manager's data layer (transactional §4 "Analytics"; vendor-apis.md §5.2–5.3). Nothing
 * here sends anything: the data layer is an array in the page. What reads it is the GTM script,
 * which loads only with a container id and the visitor's consent (loadTagManager).
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const tracking = { gtmId: null as string | null, started: false, loaded: false };
/**
 * What pages pushed before the shell started tracking: React runs a page's effects before its
 * layout's, so a product page's view_item comes first and waits here for the consent defaults.
 */
let early: object[] = [];

function layer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

/** Google's gtag: it must push the `arguments` object itself, which is what GTM reads as a command. */
export function gtag(..._args: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: GTM tells a gtag command from an event by this shape.
  layer().push(arguments);
}

/**
 * Called once by the shell with the configured container. Consent Mode's defaults (all denied
 * but functional storage) go into the data layer before anything else can, so every tag that
 * ever reads it sees them first.
 */
export function startTracking(gtmId: string | null): boolean {
  if (typeof window === "undefined") return false;
  if (!gtmId) {
    if (!tracking.started) console.warn("Etalage: GTM_ID is not set, tracking is disabled");
    tracking.started = true;
    early = [];
    return false;
  }
  if (tracking.started) return true;
  tracking.started = true;
  tracking.gtmId = gtmId;
  gtag("consent", "default", consentDefaults());
  layer().push({ "gtm.start": Date.now(), event: "gtm.js" });
  layer().push(...early);
  early = [];
  return true;
}

export function trackingEnabled(): boolean {
  return tracking.gtmId !== null;
}

/** The visitor's choice: Consent Mode is updated, and with consent the tag manager loads. */
export function applyConsent(choice: ConsentChoice): void {
  if (!tracking.gtmId) return;
  gtag("consent", "update", consentModeState(choice));
  if (mayLoadTagManager(tracking.gtmId, choice)) loadTagManager(tracking.gtmId);
}

function loadTagManager(gtmId: string): void {
  if (tracking.loaded) return;
  tracking.loaded = true;
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  // GTM passes a nonce on to the tags it adds (Google's "nonce-aware" snippet).
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) script.nonce = nonce;
  document.head.append(script);
}

/** An ecommerce event, after `{ ecommerce: null }` so GTM's recursive merge keeps no stale items. */
export function track(event: Ga4Event | null): void {
  if (!event || typeof window === "undefined") return;
  push({ ecommerce: null }, event);
}

function push(...entries: object[]): void {
  if (!tracking.started) early.push(...entries);
  else if (tracking.gtmId) layer().push(...entries);
}

/** The spec's page-type tag, with each page view. */
export function trackPage(pageType: PageType): void {
  if (typeof window === "undefined") return;
  push({ event: "page_view", page_type: pageType, page_location: location.href });
}
