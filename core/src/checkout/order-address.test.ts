import { describe, expect, it } from "vitest";
import { asksForAddress, isContactOnly, orderAddressLines } from "./order-address.ts";

describe("an order's address as it is written", () => {
  it("writes company, name, street, place, country and VAT number, one a line", () => {
    expect(
      orderAddressLines({
        firstname: "Sanne",
        lastname: "Jansen",
        street: ["Keizersgracht", "100 A"],
        postcode: "1015 CX",
        city: "Amsterdam",
        country_id: "NL",
        company: "Kleermakerij Jansen B.V.",
        vat_id: "NL820646660B01",
      }),
    ).toEqual([
      "Kleermakerij Jansen B.V.",
      "Sanne Jansen",
      "Keizersgracht 100 A",
      "1015 CX Amsterdam",
      "Nederland",
      "Btw-nummer: NL820646660B01",
    ]);
  });

  it("leaves out what an address has not, down to the country of an erased one", () => {
    const base = {
      firstname: "Jan",
      lastname: "Peeters",
      postcode: "1000",
      city: "Brussel",
      country_id: "BE",
    };
    expect(orderAddressLines({ ...base, street: ["Grote Markt 1", ""] })).toEqual([
      "Jan Peeters",
      "Grote Markt 1",
      "1000 Brussel",
      "België",
    ]);
    expect(
      orderAddressLines({
        firstname: "",
        lastname: "",
        street: [],
        postcode: "",
        city: "",
        country_id: "DE",
      }),
    ).toEqual(["Duitsland"]);
  });

  it("contact details alone (a store pick-up, issue 23 item 12) are the name, with no country", () => {
    const contact = {
      firstname: "Jan",
      lastname: "de Vries",
      street: [],
      postcode: "",
      city: "",
      country_id: "NL",
    };
    expect(orderAddressLines(contact)).toEqual(["Jan de Vries"]);
    expect(isContactOnly(contact)).toBe(true);
    expect(isContactOnly({ ...contact, city: "Utrecht" })).toBe(false);
    expect(asksForAddress("store")).toBe(false);
    expect(asksForAddress("postnl")).toBe(true);
    expect(asksForAddress(undefined)).toBe(true);
  });
});
