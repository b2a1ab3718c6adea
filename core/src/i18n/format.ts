import { STORE_TIME_ZONE } from "../catalog/store-time.ts";

/** Store view formatting: nl-NL, EUR, 2 fraction digits (browsing §9). */
export const LOCALE = "nl-NL";
export const CURRENCY = "EUR";

const euro = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const FORMATTED_LIMIT = 2000;
const formatted = new Map<number, string>();

/**
 * `€ 1.234,56`, negative as `-€ 1.234,56`. Intl puts a no-break space after the sign; we use a
 * plain space so the text is the same wherever it is copied, compared or read aloud.
 */
export function formatPrice(amount: number): string {
  const value = Object.is(amount, -0) ? 0 : amount;
  const known = formatted.get(value);
  if (known !== undefined) return known;
  const parts = euro.formatToParts(Math.abs(value));
  const body = parts
    .map((part) => (part.type === "literal" && part.value.trim() === "" ? " " : part.value))
    .join("");
  const text = value < 0 ? `-${body}` : body;
  // A shop has few distinct prices and a listing shows dozens per page: Intl's formatToParts
  // was 1.5 % of a server-rendered category page. Bounded, so odd amounts cannot grow it.
  if (formatted.size >= FORMATTED_LIMIT) formatted.clear();
  formatted.set(value, text);
  return text;
}

const number = new Intl.NumberFormat(LOCALE);
export function formatNumber(value: number): string {
  return number.format(value);
}

const longDate = new Intl.DateTimeFormat(LOCALE, {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: STORE_TIME_ZONE,
});

/**
 * A moment as the shop's calendar date, "25 november 2026": on the shop's clock (Amsterdam), not
 * the machine's, so the server's page and the browser's hydration say the same day even around
 * midnight, wherever either runs.
 */
export function formatDate(moment: string | Date): string {
  return longDate.format(typeof moment === "string" ? new Date(moment) : moment);
}

const numericDate = new Intl.DateTimeFormat(LOCALE, {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: STORE_TIME_ZONE,
});

/** A moment as the shop's calendar date in digits, "26-11-2026" (Amsterdam, as `formatDate`). */
export function formatNumericDate(moment: string | Date): string {
  return numericDate.format(typeof moment === "string" ? new Date(moment) : moment);
}
