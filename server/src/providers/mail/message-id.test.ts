import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mailDomain, messageIdFor } from "./message-id.ts";

describe("mail Message-ID", () => {
  it("takes MAIL_FROM's domain, with or without a display name", () => {
    expect(mailDomain("Etalage <service@etalage.nl>")).toBe("etalage.nl");
    expect(mailDomain("klantenservice@Mail.Etalage.NL")).toBe("mail.etalage.nl");
    expect(mailDomain("no address")).toBe("localhost");
  });

  it("is the same for every attempt of one row and a valid msg-id", () => {
    const row = { id: 7, createdAt: new Date("2026-11-28T10:00:00.123Z"), to: "jan@example.nl" };
    const id = messageIdFor(row, "Etalage <service@etalage.nl>");
    expect(messageIdFor({ ...row }, "Etalage <service@etalage.nl>")).toBe(id);
    expect(id).toMatch(/^<[a-z0-9]+\.7\.[A-Za-z0-9]{12}@etalage\.nl>$/);
  });

  it("differs for the same outbox id in another database (another time or recipient)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (id, at, later) => {
          const a = messageIdFor({ id, createdAt: new Date(at), to: "a@example.nl" }, "x@etalage.nl");
          const b = messageIdFor({ id, createdAt: new Date(at + later), to: "a@example.nl" }, "x@etalage.nl");
          const c = messageIdFor({ id, createdAt: new Date(at), to: "b@example.nl" }, "x@etalage.nl");
          return a !== b && a !== c;
        },
      ),
    );
  });
});
