/** Store view formatting: nl-NL, EUR, 2 fraction digits (browsing §9). */
export const LOCALE = "nl-NL";
export const CURRENCY = "EUR";

const euro = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * `€ 1.234,56`, negative as `-€ 1.234,56`. Intl puts a no-break space after the sign; we use a
 * plain space so the text is the same wherever it is copied, compared or read aloud.
 */
export function formatPrice(amount: number): string {
  const value = Object.is(amount, -0) ? 0 : amount;
  const parts = euro.formatToParts(Math.abs(value));
  const body = parts
    .map((part) => (part.type === "literal" && part.value.trim() === "" ? " " : part.value))
    .join("");
  return value < 0 ? `-${body}` : body;
}

const number = new Intl.NumberFormat(LOCALE);
export function formatNumber(value: number): string {
  return number.format(value);
}
