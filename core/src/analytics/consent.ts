/*
 * Cookie consent and Google Consent Mode v2 (vendor-apis.md §5.3–5.4). Functional storage is
 * always granted (the cart, the consent choice itself: Telecommunicatiewet 11.7a exempts what the
 * shop cannot work without); analytics and marketing start denied and change only by the
 * visitor's choice.
 */

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

/** What is stored: the choice, when, and the banner version it answered. */
export interface StoredConsent extends ConsentChoice {
  version: number;
  /** Unix milliseconds. */
  at: number;
}

/** Raise this when the purposes change: every visitor is asked again. */
export const CONSENT_VERSION = 1;
/** Asked again after a year, as the AP advises for a choice that must stay current. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export type ConsentValue = "granted" | "denied";
export type ConsentModeState = Record<
  | "ad_storage"
  | "ad_user_data"
  | "ad_personalization"
  | "analytics_storage"
  | "functionality_storage"
  | "personalization_storage"
  | "security_storage",
  ConsentValue
>;

const grant = (yes: boolean): ConsentValue => (yes ? "granted" : "denied");

/** The Consent Mode v2 state for a choice; no choice yet is all denied but the functional. */
export function consentModeState(choice: ConsentChoice | null): ConsentModeState {
  const analytics = choice?.analytics ?? false;
  const marketing = choice?.marketing ?? false;
  return {
    ad_storage: grant(marketing),
    ad_user_data: grant(marketing),
    ad_personalization: grant(marketing),
    analytics_storage: grant(analytics),
    functionality_storage: "granted",
    personalization_storage: grant(marketing),
    security_storage: "granted",
  };
}

/** The `gtag('consent', 'default', …)` parameters that must precede any tag. */
export function consentDefaults(): ConsentModeState & { wait_for_update: number } {
  return { ...consentModeState(null), wait_for_update: 500 };
}

/** A stored choice still counts if it is well formed, of this version and under a year old. */
export function validConsent(value: unknown, now: number): StoredConsent | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.analytics !== "boolean" || typeof v.marketing !== "boolean") return null;
  if (v.version !== CONSENT_VERSION || typeof v.at !== "number" || !Number.isFinite(v.at)) return null;
  if (v.at > now || now - v.at > CONSENT_MAX_AGE_MS) return null;
  return { analytics: v.analytics, marketing: v.marketing, version: CONSENT_VERSION, at: v.at };
}

/** The tag manager loads only with an id and the visitor's consent to analytics or marketing. */
export function mayLoadTagManager(gtmId: string | null | undefined, choice: ConsentChoice | null): boolean {
  return Boolean(gtmId) && Boolean(choice && (choice.analytics || choice.marketing));
}

/** GTM container ids look like GTM-XXXXXXX; anything else is a configuration error. */
export function isGtmId(value: string): boolean {
  return /^GTM-[A-Z0-9]{4,12}$/.test(value);
}
