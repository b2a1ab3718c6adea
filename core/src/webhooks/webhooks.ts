/**
 * Outgoing webhooks (Standard Webhooks, issue 25): which events exist, which endpoint wants which,
 * what a signing secret looks like, how `WEBHOOK_ENDPOINTS` is written and when a failed delivery
 * is tried again. Pure rules; the server's outbox and worker apply them.
 */

export const WEBHOOK_EVENT_TYPES = [
  "order.placed",
  "order.paid",
  "order.shipped",
  "order.cancelled",
  "order.refunded",
  "return.requested",
  "return.received",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(text: string): text is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(text);
}

/** An event filter entry: an event type, or a group such as `order.*`. */
export function isWebhookEventFilter(text: string): boolean {
  if (isWebhookEventType(text)) return true;
  const group = /^([a-z]+)\.\*$/.exec(text)?.[1];
  return group !== undefined && WEBHOOK_EVENT_TYPES.some((type) => type.startsWith(`${group}.`));
}

/** Whether an endpoint with this filter gets `type`; an empty filter gets every event. */
export function endpointWants(filter: readonly string[], type: string): boolean {
  if (filter.length === 0) return true;
  return filter.some(
    (entry) => entry === type || (entry.endsWith(".*") && type.startsWith(entry.slice(0, -1))),
  );
}

/**
 * Why `secret` is not a Standard Webhooks signing secret (`whsec_` and the base64 of 24 to 64
 * random bytes), or null when it is one.
 */
export function webhookSecretProblem(secret: string): string | null {
  if (!secret.startsWith("whsec_")) return "must start with whsec_";
  const encoded = secret.slice("whsec_".length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0)
    return "must be whsec_ followed by standard base64";
  const bytes = (encoded.length / 4) * 3 - (encoded.match(/=+$/)?.[0].length ?? 0);
  if (bytes < 24 || bytes > 64) return `must encode 24 to 64 random bytes, not ${bytes}`;
  return null;
}

export interface ConfiguredEndpoint {
  url: string;
  secret: string;
  /** Event types or groups (`order.*`); empty: every event. */
  events: string[];
}

export type ParsedEndpoints = { ok: true; endpoints: ConfiguredEndpoint[] } | { ok: false; problem: string };

/**
 * `WEBHOOK_ENDPOINTS`: endpoints separated by `;`, each `url secret [event ...]` separated by
 * spaces, e.g. `https://erp.example.nl/hooks whsec_… order.placed order.paid; https://wms.example.nl/in whsec_…`.
 * Neither a URL nor a secret holds a space or a `;`, so nothing needs quoting.
 */
export function parseWebhookEndpoints(text: string): ParsedEndpoints {
  const endpoints: ConfiguredEndpoint[] = [];
  const entries = text
    .split(";")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const [index, entry] of entries.entries()) {
    const where = `endpoint ${index + 1}`;
    const [url = "", secret, ...events] = entry.split(/\s+/);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      // Not echoed: a secret written first would land in the log.
      return { ok: false, problem: `${where}: the first field is not a URL (write: url secret [event ...])` };
    }
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
      return { ok: false, problem: `${where}: the URL must be http:// or https://` };
    if (parsed.username || parsed.password)
      return { ok: false, problem: `${where}: the URL must not hold a user or password` };
    if (!secret) return { ok: false, problem: `${where}: a secret (whsec_…) must follow the URL` };
    const secretProblem = webhookSecretProblem(secret);
    if (secretProblem) return { ok: false, problem: `${where}: the secret ${secretProblem}` };
    const unknown = events.find((event) => !isWebhookEventFilter(event));
    if (unknown !== undefined)
      return {
        ok: false,
        problem: `${where}: "${unknown.slice(0, 40)}" is not an event (one of ${WEBHOOK_EVENT_TYPES.join(", ")}, or order.*, return.*)`,
      };
    if (endpoints.some((e) => e.url === url))
      return { ok: false, problem: `${where}: ${url} is named twice` };
    endpoints.push({ url, secret, events: [...new Set(events)] });
  }
  return { ok: true, endpoints };
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `5s,5m,30m,2h` as milliseconds; null when an entry is not a whole number with ms, s, m, h or d. */
export function parseDurations(text: string): number[] | null {
  const out: number[] = [];
  for (const entry of text.split(",").map((e) => e.trim())) {
    const m = /^(\d{1,9})(ms|s|m|h|d)$/.exec(entry);
    if (!m) return null;
    out.push(Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]);
  }
  return out;
}

/**
 * Standard Webhooks' example schedule: after the first (immediate) try, 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 14 h, 20 h and 24 h — ten tries over about three days.
 */
export const STANDARD_RETRY_SCHEDULE = "5s,5m,30m,2h,5h,10h,14h,20h,24h";

/** A receiver's Retry-After is honoured up to this. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * How long after failed try number `attempts` (1 for the first) the next one comes, or null when
 * the schedule is used up and the delivery has failed. Up to 10 % random jitter is added (the
 * spec's advice, so retries of one outage do not arrive together); a Retry-After the receiver sent
 * makes the wait at least that long.
 */
export function nextRetryDelay(
  attempts: number,
  schedule: readonly number[],
  options: { random?: () => number; retryAfterMs?: number | null } = {},
): number | null {
  const base = schedule[attempts - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 + 0.1 * (options.random ?? Math.random)()));
  const asked = Math.min(options.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS);
  return Math.max(jittered, asked);
}

/** A receiver's `Retry-After` (seconds, or an HTTP date) in milliseconds from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
