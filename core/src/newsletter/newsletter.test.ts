import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { t } from "../i18n/translate.ts";
import { emailKey, isValidEmail, NEWSLETTER_MESSAGES, subscribeOutcome } from "./newsletter.ts";

describe("newsletter e-mail rules", () => {
  it("accepts ordinary addresses and refuses the rest", () => {
    expect(isValidEmail("jan.de.vries@example.nl")).toBe(true);
    expect(isValidEmail(" jan@example.nl ")).toBe(true);
    for (const bad of [
      "",
      "jan",
      "jan@",
      "@example.nl",
      "jan@localhost",
      "jan@@example.nl",
      "jan @example.nl",
    ])
      expect(isValidEmail(bad), bad).toBe(false);
    expect(isValidEmail(`${"a".repeat(250)}@x.nl`)).toBe(false);
  });

  it("gives one key to every spelling of one mailbox", () => {
    const key = emailKey("jandevries@gmail.com");
    for (const spelling of [
      "JanDeVries@Gmail.com",
      " jan.de.vries@gmail.com ",
      "jan.devries+nieuwsbrief@googlemail.com",
    ])
      expect(emailKey(spelling)).toBe(key);
    expect(emailKey("Jan.de.Vries+x@Example.nl")).toBe("jan.de.vries@example.nl");
    expect(emailKey("piet@example.nl")).not.toBe(emailKey("jan@example.nl"));
  });

  it("is idempotent and ignores case (property)", () => {
    const local = fc.stringMatching(/^[a-z0-9.+]{1,12}$/).filter((s) => !s.startsWith("+"));
    const domain = fc.constantFrom("gmail.com", "example.nl", "googlemail.com", "etalage.nl");
    fc.assert(
      fc.property(local, domain, (l, d) => {
        const email = `${l}@${d}`;
        expect(emailKey(emailKey(email))).toBe(emailKey(email));
        expect(emailKey(email.toUpperCase())).toBe(emailKey(email));
        expect(emailKey(`${l.split("+")[0]}+tag@${d}`)).toBe(emailKey(`${l.split("+")[0]}@${d}`));
      }),
    );
  });

  it("reads the subscribe answer", () => {
    expect(subscribeOutcome(200, { code: 200, result: { contact_id: "c1" } })).toBe("success");
    expect(subscribeOutcome(200, { code: 200, result: { email_exists: true } })).toBe("already-subscribed");
    expect(subscribeOutcome(500, { code: 500, result: "boom" })).toBe("failed");
    expect(subscribeOutcome(200, { code: 200, result: {} })).toBe("failed");
    expect(subscribeOutcome(200, null)).toBe("failed");
  });

  it("asks for the mailed confirmation before the double opt-in, never says subscribed (issue 23, item 16)", () => {
    expect(t(NEWSLETTER_MESSAGES.success)).toBe("Bevestig je inschrijving via de mail");
    expect(t(NEWSLETTER_MESSAGES.success)).not.toMatch(/ingeschreven/);
  });
});
