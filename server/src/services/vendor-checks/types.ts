/** One vendor's answer to `npm run check-vendors` (issue 24 item 6; README "Going live"). */
export interface VendorCheck {
  vendor: "Storyblok" | "Voyado Engage" | "Voyado Elevate" | "Adyen";
  /** The built-in emulator (no credentials set) or the vendor itself. */
  target: "built-in" | "vendor";
  /** Where the check went. */
  url: string;
  reached: boolean;
  credentials: "valid" | "invalid" | "not checked";
  /** The vendor's webhook to the shop: set up as the shop needs it, or not one the shop uses. */
  webhook: "configured" | "not configured" | "not used" | "set up in the vendor's console";
  notes: string[];
}

/** Whether a check leaves the shop working: reached, credentials not refused, a needed webhook set up. */
export function passed(check: VendorCheck): boolean {
  return check.reached && check.credentials !== "invalid" && check.webhook !== "not configured";
}

export function unreachable(error: unknown): string {
  const e = error as { cause?: { code?: string; message?: string }; message?: string };
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(error);
}
