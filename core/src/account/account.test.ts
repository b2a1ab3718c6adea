import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  composeStreet,
  isValidEmail,
  normaliseDutchPostcode,
  normaliseEmail,
  splitHouseNumber,
  streetFields,
} from "./index.ts";
import { characterClasses, passwordKeepsRule } from "./password.ts";
import { passwordStrength } from "./password-strength.ts";
import { anonymisedOrderAddress, anonymisedOrderEmail } from "./privacy.ts";
import {
  INITIAL_TOKEN_STATE,
  isSessionExpired,
  MAX_REFRESH_ATTEMPTS,
  needsRefresh,
  type TokenState,
  taskGate,
  tokenTransition,
} from "./session.ts";

describe("password rule", () => {
  it("wants 8 characters from 3 classes", () => {
    expect(passwordKeepsRule("abcdefgh")).toBe(false);
    expect(passwordKeepsRule("abcdEFGH")).toBe(false);
    expect(passwordKeepsRule("abcdEF12")).toBe(true);
    expect(passwordKeepsRule("abcdef1!")).toBe(true);
    expect(passwordKeepsRule("aB1!")).toBe(false);
  });

  it("counts classes up to four", () => {
    expect(characterClasses("")).toBe(0);
    expect(characterClasses("aA1!")).toBe(4);
    expect(characterClasses("ééÉ")).toBe(2);
  });

  it("never accepts a password shorter than 8 code points (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 7, unit: "binary" }), (password) => {
        expect(passwordKeepsRule(password)).toBe(false);
      }),
    );
    // Generating any code point is slow on a busy machine; the property itself is instant.
  }, 30_000);

  it("accepts every long password with three classes (property)", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{3,20}$/),
        fc.stringMatching(/^[A-Z]{3}$/),
        fc.nat(999),
        (a, b, n) => {
          expect(passwordKeepsRule(`${a}${b}${n}`)).toBe([...`${a}${b}${n}`].length >= 8);
        },
      ),
    );
  });
});

describe("password strength", () => {
  it("refuses Dutch commonplaces and the shopper's own name", () => {
    expect(passwordStrength("Wachtwoord1").tooWeak).toBe(true);
    expect(passwordStrength("Welkom01!").tooWeak).toBe(true);
    expect(passwordStrength("Pietjansen", ["pietjansen@example.nl"]).tooWeak).toBe(true);
  });

  it("accepts a long unusual passphrase", () => {
    const strength = passwordStrength("Kaasschaaf-Fietsbel-87");
    expect(strength.tooWeak).toBe(false);
    expect(strength.score).toBeGreaterThanOrEqual(3);
  });
});

describe("email", () => {
  it("normalises case and space", () => {
    expect(normaliseEmail("  Jan.Jansen@Example.NL ")).toBe("jan.jansen@example.nl");
  });

  it("is idempotent (property)", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(normaliseEmail(normaliseEmail(email))).toBe(normaliseEmail(email));
      }),
    );
  });

  it("knows an address from text", () => {
    expect(isValidEmail("jan@example.nl")).toBe(true);
    expect(isValidEmail("jan@example")).toBe(false);
    expect(isValidEmail("jan example.nl")).toBe(false);
    expect(isValidEmail(`${"a".repeat(250)}@x.nl`)).toBe(false);
  });
});

describe("address", () => {
  it("stores street then number with affix", () => {
    expect(composeStreet({ street: " Damrak ", houseNumber: "12", affix: "" })).toEqual(["Damrak", "12"]);
    expect(composeStreet({ street: "Damrak", houseNumber: "12", affix: "A" })).toEqual(["Damrak", "12 A"]);
  });

  it("splits the number line back", () => {
    expect(splitHouseNumber("12 A")).toEqual({ number: "12", affix: "A" });
    expect(splitHouseNumber("12-bis")).toEqual({ number: "12", affix: "bis" });
    expect(splitHouseNumber("7")).toEqual({ number: "7", affix: "" });
  });

  it("round-trips form fields (property)", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z][a-z]{2,15}$/),
        fc.integer({ min: 1, max: 99999 }),
        fc.stringMatching(/^[A-Za-z0-9]{0,4}$/),
        (street, n, affix) => {
          const fields = { street, houseNumber: String(n), affix };
          expect(streetFields(composeStreet(fields))).toEqual(fields);
        },
      ),
    );
  });

  it("normalises Dutch postcodes", () => {
    expect(normaliseDutchPostcode("1012ab")).toBe("1012 AB");
    expect(normaliseDutchPostcode("1012 AB")).toBe("1012 AB");
    expect(normaliseDutchPostcode("0123 AB")).toBeUndefined();
    expect(normaliseDutchPostcode("1012 SS")).toBeUndefined();
    expect(normaliseDutchPostcode("10123")).toBeUndefined();
  });
});

describe("session", () => {
  const now = 1_800_000_000_000;
  it("expires below now and refreshes under 900 s", () => {
    expect(isSessionExpired(now / 1000 - 1, now)).toBe(true);
    expect(isSessionExpired(now / 1000 + 1, now)).toBe(false);
    expect(needsRefresh(now / 1000 + 899, now)).toBe(true);
    expect(needsRefresh(now / 1000 + 901, now)).toBe(false);
    expect(needsRefresh(now / 1000 - 1, now)).toBe(false);
  });

  it("locks on a 401, unlocks and resets the count on a refresh", () => {
    let step = tokenTransition(INITIAL_TOKEN_STATE, { type: "unauthorised", autoRefresh: true });
    expect(step).toEqual({ state: { lock: 1, attempts: 1 }, effect: "refresh" });
    expect(tokenTransition(step.state, { type: "unauthorised", autoRefresh: true }).effect).toBe("none");
    step = tokenTransition(step.state, { type: "refreshed" });
    expect(step.state).toEqual({ lock: 0, attempts: 0 });
    expect(tokenTransition(step.state, { type: "refresh-failed" }).effect).toBe("logout-and-sign-up");
    expect(tokenTransition(step.state, { type: "unauthorised", autoRefresh: false }).state.lock).toBe(-1);
  });

  it("counts unreachable refreshes and gives up after the last attempt", () => {
    let state: TokenState = INITIAL_TOKEN_STATE;
    for (let attempt = 1; attempt <= MAX_REFRESH_ATTEMPTS; attempt++) {
      const step = tokenTransition(state, { type: "unauthorised", autoRefresh: true });
      expect(step).toEqual({ state: { lock: 1, attempts: attempt }, effect: "refresh" });
      state = tokenTransition(step.state, { type: "refresh-unreachable" }).state;
      expect(state).toEqual({ lock: 0, attempts: attempt });
    }
    expect(tokenTransition(state, { type: "unauthorised", autoRefresh: true })).toEqual({
      state: { lock: -1, attempts: MAX_REFRESH_ATTEMPTS + 1 },
      effect: "logout-and-sign-up",
    });
  });

  it("lets calls through at 0, holds them at 1 and aborts them at -1", () => {
    expect([taskGate(0), taskGate(1), taskGate(-1)]).toEqual(["send", "wait", "abort"]);
  });

  it("gives up after too many attempts, never loops (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            "unauthorised",
            "refreshed",
            "refresh-failed",
            "refresh-unreachable",
            "logged-in",
          ) as fc.Arbitrary<
            "unauthorised" | "refreshed" | "refresh-failed" | "refresh-unreachable" | "logged-in"
          >,
        ),
        (events) => {
          let state: TokenState = INITIAL_TOKEN_STATE;
          for (const type of events) {
            const event = type === "unauthorised" ? { type, autoRefresh: true } : { type };
            state = tokenTransition(state, event).state;
            expect(state.attempts).toBeLessThanOrEqual(MAX_REFRESH_ATTEMPTS + 1);
            if (type === "refreshed" || type === "logged-in") expect(state).toEqual(INITIAL_TOKEN_STATE);
            if (state.attempts > MAX_REFRESH_ATTEMPTS) expect(state.lock).toBe(-1);
          }
        },
      ),
    );
  });
});

describe("erased account", () => {
  it("keeps only the country of an order address (property)", () => {
    fc.assert(
      fc.property(
        fc.record({
          firstname: fc.string(),
          lastname: fc.string(),
          street: fc.array(fc.string()),
          postcode: fc.string(),
          city: fc.string(),
          country_id: fc.constantFrom("NL", "BE", "DE"),
          telephone: fc.string(),
          company: fc.string(),
          vat_id: fc.string(),
        }),
        (address) => {
          expect(anonymisedOrderAddress(address)).toEqual({
            firstname: "",
            lastname: "",
            street: [],
            postcode: "",
            city: "",
            country_id: address.country_id,
          });
        },
      ),
    );
  });

  it("gives each order an email that cannot receive mail", () => {
    expect(anonymisedOrderEmail("100000042")).toBe("verwijderd-100000042@etalage.invalid");
    expect(isValidEmail(anonymisedOrderEmail("1<script>"))).toBe(true);
  });
});
