import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hasSecondFactor,
  mayRefund,
  mayRefundCents,
  mayRemovePasskey,
  NO_SECOND_FACTOR,
  rolesFor,
  STAFF_ACTIONS,
  STAFF_ROLES,
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SESSION_IDLE_MS,
  secondFactorRequired,
  staffMay,
  staffRefundLimit,
  staffSessionEnds,
  staffSessionExpired,
} from "./staff.ts";

describe("staff roles", () => {
  it.each([
    ["beheerder", "audit.read", true],
    ["beheerder", "reviews.moderate", true],
    ["beheerder", "orders.refund", true],
    ["klantenservice", "orders.manage", true],
    ["klantenservice", "returns.manage", true],
    ["klantenservice", "reviews.moderate", false],
    ["klantenservice", "audit.read", false],
    ["klantenservice", "staff.manage", false],
    ["redacteur", "reviews.moderate", true],
    ["redacteur", "audit.read", false],
    ["redacteur", "orders.read", false],
  ] as const)("%s may %s: %s", (role, action, allowed) => {
    expect(staffMay(role, action)).toBe(allowed);
  });

  it("a beheerder may do every action", () => {
    for (const action of STAFF_ACTIONS) expect(staffMay("beheerder", action)).toBe(true);
  });

  it("names the roles of an action", () => {
    expect(rolesFor("reviews.moderate")).toEqual(["beheerder", "redacteur"]);
    expect(rolesFor("audit.read")).toEqual(["beheerder"]);
  });
});

describe("staff sessions", () => {
  const start = Date.UTC(2026, 10, 29, 9);
  it("end after 30 idle minutes", () => {
    const s = { createdAt: start, lastSeenAt: start };
    expect(staffSessionExpired(s, start + STAFF_SESSION_IDLE_MS - 1)).toBe(false);
    expect(staffSessionExpired(s, start + STAFF_SESSION_IDLE_MS)).toBe(true);
  });
  it("end 8 hours after the login however busy", () => {
    const s = { createdAt: start, lastSeenAt: start + STAFF_SESSION_ABSOLUTE_MS - 1000 };
    expect(staffSessionExpired(s, start + STAFF_SESSION_ABSOLUTE_MS - 1)).toBe(false);
    expect(staffSessionExpired(s, start + STAFF_SESSION_ABSOLUTE_MS)).toBe(true);
  });
  it("are expired exactly from their end on", () => {
    fc.assert(
      fc.property(fc.nat(STAFF_SESSION_ABSOLUTE_MS), fc.nat(STAFF_SESSION_ABSOLUTE_MS), (idle, offset) => {
        const s = { createdAt: start, lastSeenAt: start + Math.min(idle, offset) };
        const end = staffSessionEnds(s);
        expect(staffSessionExpired(s, end - 1)).toBe(false);
        expect(staffSessionExpired(s, end)).toBe(true);
      }),
    );
  });
});

describe("second factor and refunds", () => {
  it("a beheerder always needs a second factor, the others once enrolled", () => {
    expect(secondFactorRequired("beheerder", NO_SECOND_FACTOR)).toBe(true);
    expect(secondFactorRequired("klantenservice", NO_SECOND_FACTOR)).toBe(false);
    expect(secondFactorRequired("redacteur", { totp: true, passkeys: 0 })).toBe(true);
    // A passkey counts as enrolled as much as the authenticator app.
    expect(secondFactorRequired("klantenservice", { totp: false, passkeys: 1 })).toBe(true);
  });
  it("never lets a beheerder remove the last second factor; the others may", () => {
    expect(mayRemovePasskey("beheerder", { totp: false, passkeys: 1 })).toBe(false);
    expect(mayRemovePasskey("beheerder", { totp: false, passkeys: 2 })).toBe(true);
    expect(mayRemovePasskey("beheerder", { totp: true, passkeys: 1 })).toBe(true);
    expect(mayRemovePasskey("redacteur", { totp: false, passkeys: 1 })).toBe(true);
    expect(mayRemovePasskey("redacteur", NO_SECOND_FACTOR)).toBe(false);
  });
  it("after any allowed removal, whoever needed a second factor by role still has one", () => {
    fc.assert(
      fc.property(fc.constantFrom(...STAFF_ROLES), fc.boolean(), fc.nat(5), (role, totp, passkeys) => {
        const factors = { totp, passkeys };
        if (!mayRemovePasskey(role, factors)) return;
        const after = { totp, passkeys: passkeys - 1 };
        expect(after.passkeys).toBeGreaterThanOrEqual(0);
        if (role === "beheerder") expect(hasSecondFactor(after)).toBe(true);
      }),
    );
  });
  it("klantenservice refunds up to the shop's limit, beheerder without one, redacteur none", () => {
    expect(staffRefundLimit("klantenservice", 250)).toBe(250);
    expect(mayRefund("klantenservice", 250, 250)).toBe(true);
    expect(mayRefund("klantenservice", 250.01, 250)).toBe(false);
    expect(mayRefund("beheerder", 10_000, 250)).toBe(true);
    expect(mayRefund("redacteur", 1, 250)).toBe(false);
  });
  it("in cents: up to the limit's cents exactly, never for a redacteur, always for a beheerder", () => {
    expect(mayRefundCents("klantenservice", 9999, 99.99)).toBe(true);
    expect(mayRefundCents("klantenservice", 10_000, 99.99)).toBe(false);
    expect(mayRefundCents("klantenservice", 0, 0)).toBe(true);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (cents, limit) => {
          expect(mayRefundCents("klantenservice", cents, limit / 100)).toBe(cents <= limit);
          expect(mayRefundCents("beheerder", cents, limit / 100)).toBe(true);
          expect(mayRefundCents("redacteur", cents, limit / 100)).toBe(false);
        },
      ),
    );
  });
});
