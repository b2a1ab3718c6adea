import { CONSENT_VERSION, type ConsentChoice, type StoredConsent, validConsent } from "@etalage/core";
import { emit } from "./events.ts";

/**
 * The visitor's cookie choice, kept in localStorage: functional storage, which the
 * Telecommunicatiewet (art. 11.7a) allows without consent, and never sent to the server.
 */
const KEY = "etalage-consent";

export function storedConsent(): StoredConsent | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? validConsent(JSON.parse(raw), Date.now()) : null;
  } catch {
    return null;
  }
}

export function saveConsent(choice: ConsentChoice): void {
  const stored: StoredConsent = { ...choice, version: CONSENT_VERSION, at: Date.now() };
  try {
    localStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Storage full or off: the choice holds for this page and is asked again next time.
  }
  // Consent Mode and the tags (features/analytics), the customer-data reports (features/customer-data).
  void emit("consent-changed", { choice });
  if (!choice.analytics && !choice.marketing) dropTrackingCookies();
}

/** A withdrawn consent also removes what the tags stored (Google Analytics' _ga cookies). */
function dropTrackingCookies(): void {
  const host = location.hostname;
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (!name || !/^(_ga|_gid|_gcl_|_gat)/.test(name)) continue;
    // The Cookie Store API cannot remove another domain's cookie in every browser; this can.
    for (const domain of ["", `; domain=${host}`, `; domain=.${host.split(".").slice(-2).join(".")}`]) {
      // biome-ignore lint/suspicious/noDocumentCookie: expiring, by name, cookies the tags set.
      document.cookie = `${name}=; max-age=0; path=/${domain}`;
    }
  }
}

/** Profiling (the customer-data reports) waits for consent to analytics or marketing. */
export function profilingAllowed(choice: ConsentChoice | null = storedConsent()): boolean {
  return choice !== null && (choice.analytics || choice.marketing);
}
