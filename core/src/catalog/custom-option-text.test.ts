import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { productOptionChecksum } from "../cart/checksum.ts";
import { textOptionProblem, textOptionsSelection } from "./custom-option-text.ts";
import type { CustomOption } from "./types.ts";

// A gift card's recipient options, as the demo catalogue gives them (issue 14).
const name: CustomOption = {
  option_id: 901,
  title: "Naam ontvanger",
  type: "field",
  is_require: true,
  max_characters: 60,
};
const email: CustomOption = {
  option_id: 902,
  title: "E-mailadres ontvanger",
  type: "field",
  format: "email",
  is_require: true,
  max_characters: 254,
};
const message: CustomOption = {
  option_id: 903,
  title: "Persoonlijke boodschap",
  type: "area",
  max_characters: 200,
};
const options = [name, email, message];

describe("textOptionProblem", () => {
  it.each<[CustomOption, string | undefined, string | null]>([
    [name, "Sanne de Vries", null],
    [name, "", "required"],
    [name, "   ", "required"],
    [name, undefined, "required"],
    [name, "x".repeat(60), null],
    [name, "x".repeat(61), "too_long"],
    [email, "sanne@example.nl", null],
    [email, " Sanne@Example.NL ", null],
    [email, "sanne@", "email"],
    [email, "sanne example.nl", "email"],
    [email, "", "required"],
    [message, "", null],
    [message, "Gefeliciteerd!", null],
    [message, "é".repeat(200), null],
    [message, "é".repeat(201), "too_long"],
    [{ option_id: 1, title: "Tekst", type: "field" }, "x".repeat(256), "too_long"],
  ])("%o with %j: %s", (option, value, problem) => {
    expect(textOptionProblem(option, value)).toBe(problem);
  });

  it("counts characters as a shopper sees them, not UTF-16 units", () => {
    expect(textOptionProblem(message, "🎁".repeat(200))).toBeNull();
  });
});

describe("textOptionsSelection", () => {
  it("carries the filled-in options, trimmed, the address in lower case, an empty message left out", () => {
    expect(textOptionsSelection(options, { 901: " Sanne ", 902: "Sanne@Example.NL", 903: " " })).toEqual({
      extension_attributes: {
        custom_options: [
          { option_id: 901, option_value: "Sanne" },
          { option_id: 902, option_value: "sanne@example.nl" },
        ],
      },
    });
    expect(textOptionsSelection(options, {})).toBeUndefined();
  });

  it("two recipients are two lines, the same recipient however typed is one (property)", () => {
    const recipient = fc.record({
      name: fc.constantFrom("Sanne", "Daan", "Noor"),
      email: fc.constantFrom("sanne@example.nl", "daan@example.nl"),
      message: fc.constantFrom("", "Fijne verjaardag", "Hoi, Sanne"),
    });
    fc.assert(
      fc.property(recipient, recipient, (a, b) => {
        const key = (r: typeof a, shout = false) =>
          productOptionChecksum(
            textOptionsSelection(options, {
              901: r.name,
              902: shout ? ` ${r.email.toUpperCase()} ` : r.email,
              903: r.message,
            }),
          );
        const same = a.name === b.name && a.email === b.email && a.message === b.message;
        expect(key(a) === key(b)).toBe(same);
        expect(key(a, true)).toBe(key(a));
      }),
    );
  });
});
