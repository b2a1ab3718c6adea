import { formatNumericDate } from "../i18n/format.ts";
import { t } from "../i18n/translate.ts";

/**
 * Passkeys (issue 12, beyond the spec). The name a customer recognises a passkey by, made from
 * the browser that added it: "Passkey op Chrome (Android), 26-11-2026".
 */

/** Most specific first: Edge, Opera and Samsung Internet also say "Chrome", and Chrome "Safari". */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdgA?\/|\bEdgiOS\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const PLATFORMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bWindows\b/, "Windows"],
  [/\bLinux\b/, "Linux"],
];

function first(table: readonly (readonly [RegExp, string])[], text: string): string | undefined {
  return table.find(([pattern]) => pattern.test(text))?.[1];
}

/** "Chrome (Android)", "Safari", "Mac", or null when the user agent says nothing we know. */
export function describeUserAgent(userAgent: string | undefined): string | null {
  const text = userAgent ?? "";
  const browser = first(BROWSERS, text);
  const platform = first(PLATFORMS, text);
  if (browser && platform) return `${browser} (${platform})`;
  return browser ?? platform ?? null;
}

/** The name a new passkey gets, at most 100 characters. */
export function passkeyName(userAgent: string | undefined, addedAt: Date): string {
  const device = describeUserAgent(userAgent);
  const date = formatNumericDate(addedAt);
  const name = device ? t("Passkey on {device}, {date}", { device, date }) : t("Passkey of {date}", { date });
  return name.slice(0, 100);
}
