import { CONSENT_VERSION, type ConsentChoice, type StoredConsent, validConsent } from "@etalage/core";
import { applyConsent } from "./data-layer.ts";

/**
 * The customer-data platform profiles (favourite brand and store): it starts only with consent
 * to analytics or marketing, and its code loads only then.
 */
export function startCustomerData(choice: ConsentChoice | null): void {
  if (!choice || !(choice.analytics || choice.marketing)) return;
  void import("../customer-data/engage-client.ts").then((engage) => engage.watchCart());
}

/** A product page seen, for the platform, if the visitor agreed to it. */
export function reportProductView(sku: string): void {
  const choice = storedConsent();
  if (!choice || !(choice.analytics || choice.marketing)) return;
  void import("../customer-data/engage-client.ts").then((engage) => engage.reportProductView(sku));
}

/** An order placed, for the platform (cart emptied, favourites), if the visitor agreed to it. */
export function reportOrderPlaced(orderNumber: string, orderToken: string): void {
  const choice = storedConsent();
  if (!choice || !(choice.analytics || choice.marketing)) return;
  void import("../customer-data/engage-client.ts").then((engage) =>
    engage.reportOrderPlaced(orderNumber, orderToken),
  );
}

/** The store the visitor made theirs, for the platform's `favstore`, if they agreed to profiling. */
export function reportFavouriteStore(storeId: string): void {
  const choice = storedConsent();
  if (!choice || !(choice.analytics || choice.marketing)) return;
  void import("../customer-data/engage-client.ts").then((engage) => engage.reportFavouriteStore(storeId));
}

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
  applyConsent(choice);
  startCustomerData(choice);
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
