import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  endpointWants,
  nextRetryDelay,
  parseDurations,
  parseWebhookEndpoints,
  retryAfterMs,
  STANDARD_RETRY_SCHEDULE,
  WEBHOOK_EVENT_TYPES,
  webhookSecretProblem,
} from "./webhooks.ts";

const SECRET = `whsec_${"A".repeat(32)}`; // 24 bytes
const SECRET_2 = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"; // 27 bytes, the spec's example length

describe("endpointWants", () => {
  it.each([
    [[], "order.placed", true],
    [["order.placed"], "order.placed", true],
    [["order.placed"], "order.paid", false],
    [["order.*"], "order.refunded", true],
    [["order.*"], "return.requested", false],
    [["return.*", "order.paid"], "order.paid", true],
  ])("%j wants %s: %s", (filter, type, wanted) => {
    expect(endpointWants(filter, type)).toBe(wanted);
  });

  it("an empty filter gets every event, a filter of all types too", () => {
    fc.assert(
      fc.property(fc.constantFrom(...WEBHOOK_EVENT_TYPES), (type) => {
        expect(endpointWants([], type)).toBe(true);
        expect(endpointWants([...WEBHOOK_EVENT_TYPES], type)).toBe(true);
        expect(endpointWants(["order.*", "return.*"], type)).toBe(true);
      }),
    );
  });
});

describe("webhookSecretProblem", () => {
  it.each([
    [SECRET, null],
    [SECRET_2, null],
    [`whsec_${"A".repeat(84)}`, null],
    ["A".repeat(32), "must start with whsec_"],
    ["whsec_abc$", "must be whsec_ followed by standard base64"],
    ["whsec_AAAA", "must encode 24 to 64 random bytes, not 3"],
    [`whsec_${"A".repeat(92)}`, "must encode 24 to 64 random bytes, not 69"],
  ])("%s: %s", (secret, problem) => {
    expect(webhookSecretProblem(secret)).toBe(problem);
  });
});

describe("parseWebhookEndpoints", () => {
  it("reads endpoints separated by ; with url, secret and an optional filter", () => {
    expect(
      parseWebhookEndpoints(
        ` https://erp.example.nl/hooks ${SECRET} order.placed order.paid order.paid ;http://127.0.0.1:9/in  ${SECRET_2}; `,
      ),
    ).toEqual({
      ok: true,
      endpoints: [
        { url: "https://erp.example.nl/hooks", secret: SECRET, events: ["order.placed", "order.paid"] },
        { url: "http://127.0.0.1:9/in", secret: SECRET_2, events: [] },
      ],
    });
    expect(parseWebhookEndpoints("")).toEqual({ ok: true, endpoints: [] });
  });

  it.each([
    ["erp.example.nl whsec_x", "endpoint 1: the first field is not a URL"],
    ["ftp://erp.example.nl/x whsec_x", "endpoint 1: the URL must be http:// or https://"],
    ["https://a:b@erp.example.nl/x whsec_x", "endpoint 1: the URL must not hold a user or password"],
    ["https://erp.example.nl/x", "endpoint 1: a secret (whsec_…) must follow the URL"],
    ["https://erp.example.nl/x secret", "endpoint 1: the secret must start with whsec_"],
    [`https://erp.example.nl/x ${SECRET} order.lost`, 'endpoint 1: "order.lost" is not an event'],
    [`https://a.nl/x ${SECRET}; https://a.nl/x ${SECRET}`, "endpoint 2: https://a.nl/x is named twice"],
  ])("refuses %s", (text, problem) => {
    const parsed = parseWebhookEndpoints(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toContain(problem);
  });
});

describe("retries", () => {
  const schedule = parseDurations(STANDARD_RETRY_SCHEDULE)!;

  it("reads the standard schedule", () => {
    expect(schedule).toEqual([5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 504e5, 72e6, 864e5]);
    expect(parseDurations("20ms, 1d")).toEqual([20, 86_400_000]);
    expect(parseDurations("5 s")).toBeNull();
    expect(parseDurations("5")).toBeNull();
  });

  it("waits the schedule's delay plus at most 10 % jitter, and gives up after it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.double({ min: 0, max: 0.9999, noNaN: true }),
        (n, r) => {
          const delay = nextRetryDelay(n, schedule, { random: () => r });
          if (n > schedule.length) expect(delay).toBeNull();
          else {
            expect(delay).toBeGreaterThanOrEqual(schedule[n - 1]!);
            expect(delay).toBeLessThanOrEqual(schedule[n - 1]! * 1.1 + 1);
          }
        },
      ),
    );
  });

  it("grows: each wait is at least the one before", () => {
    for (let n = 2; n <= schedule.length; n++)
      expect(nextRetryDelay(n, schedule, { random: () => 0 })!).toBeGreaterThanOrEqual(
        nextRetryDelay(n - 1, schedule, { random: () => 0 })!,
      );
  });

  it("honours a receiver's Retry-After up to a day", () => {
    expect(nextRetryDelay(1, schedule, { random: () => 0, retryAfterMs: 60_000 })).toBe(60_000);
    expect(nextRetryDelay(1, schedule, { random: () => 0, retryAfterMs: 1000 })).toBe(5000);
    expect(nextRetryDelay(1, schedule, { random: () => 0, retryAfterMs: 9e9 })).toBe(86_400_000);
    expect(retryAfterMs("120", 0)).toBe(120_000);
    expect(retryAfterMs("Thu, 01 Jan 1970 00:01:00 GMT", 0)).toBe(60_000);
    expect(retryAfterMs("soon", 0)).toBeNull();
    expect(retryAfterMs(null, 0)).toBeNull();
  });
});
