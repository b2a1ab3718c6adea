/**
 * Catalogue dates such as special_from_date are written "2024-01-01 00:00:00" without a zone: they
 * are wall-clock times of the store, Europe/Amsterdam (browsing §1: a single Dutch store view).
 * Reading them with `new Date(text)` (as VSF1 did) gives the visitor's or the server's zone instead.
 */

export const STORE_TIME_ZONE = "Europe/Amsterdam";

/** A parsed catalogue time: its first instant and the first instant after it, at its own precision. */
export interface StoreTimeSpan {
  start: number;
  /** "2024-01-31" ends at the next midnight, "… 23:59:59" one second later, "… 23:59" a minute later. */
  end: number;
}

const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Milliseconds the store's clock is ahead of UTC at `instant` (1 h in winter, 2 h in summer). */
export function storeUtcOffset(instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(instant)) parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the store's clock shows this wall time. A time skipped by the spring DST
 * change (02:30 on the last Sunday of March) lands an hour later; a time the autumn change shows
 * twice resolves to its second (winter-time) occurrence. Both only matter for a one-hour window.
 */
function storeWallTimeToInstant(wallAsUtc: number): number {
  const first = storeUtcOffset(wallAsUtc);
  const guess = wallAsUtc - first;
  const second = storeUtcOffset(guess);
  return second === first ? guess : wallAsUtc - second;
}

const cache = new Map<string, StoreTimeSpan | null>();
const CACHE_LIMIT = 2048;

/**
 * Parses a catalogue date in store time; an explicit zone ("Z", "+01:00") is honoured. Returns
 * null for anything else, including impossible dates such as "2024-02-30".
 */
export function parseStoreTime(text: string): StoreTimeSpan | null {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const span = parse(text.trim());
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, span);
  return span;
}

function parse(text: string): StoreTimeSpan | null {
  const m = PATTERN.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const millis = m[7] ? Math.round(Number(m[7]) * 1000) : 0;
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  if (new Date(wall).getUTCDate() !== day || year < 1000) return null;
  const zone = m[8];
  const start = zone ? wall - zoneOffset(zone) : storeWallTimeToInstant(wall);
  if (m[4] === undefined) {
    // A whole day: it ends at the store's next midnight (23 or 25 hours later on DST days).
    const nextDay = Date.UTC(year, month - 1, day + 1);
    return { start, end: zone ? nextDay - zoneOffset(zone) : storeWallTimeToInstant(nextDay) };
  }
  const precision = m[7] ? 1 : m[6] !== undefined ? 1000 : 60_000;
  return { start, end: start + precision };
}

function zoneOffset(zone: string): number {
  if (zone.toUpperCase() === "Z") return 0;
  const digits = zone.replace(":", "");
  const sign = digits.startsWith("-") ? -1 : 1;
  return sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))) * 60_000;
}
