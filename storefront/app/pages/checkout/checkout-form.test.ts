import { describe, expect, it } from "vitest";
import { billingIsShipping, clientErrors, formErrors, orderBodyOf } from "./checkout-form.ts";

const shipping = {
  email: "sanne@example.nl",
  firstname: "Sanne",
  lastname: "Jansen",
  postcode: "3511 AB",
  houseNumber: "12",
  street: "Oudegracht",
  city: "Utrecht",
  country: "NL",
  shipping: "postnl:standard",
  payment: "cashondelivery",
};
const own = {
  ...shipping,
  billing_company: "Kleermakerij Jansen B.V.",
  billing_postcode: "1015 CX",
  billing_houseNumber: "100",
  billing_affix: "A",
  billing_street: "Keizersgracht",
  billing_city: "Amsterdam",
  billing_country: "NL",
  billing_vatId: "NL820646660B01",
};

describe("the total the shopper saw", () => {
  it("goes with the order as expected_grand_total, and is left out when the page sent none", () => {
    expect(
      orderBodyOf({ ...shipping, expectedGrandTotal: "64.9" }, "cart", "order").expected_grand_total,
    ).toBe(64.9);
    expect(orderBodyOf(shipping, "cart", "order")).not.toHaveProperty("expected_grand_total");
    expect(orderBodyOf({ ...shipping, expectedGrandTotal: "x" }, "cart", "order")).not.toHaveProperty(
      "expected_grand_total",
    );
  });
});

describe("the billing address of the checkout form", () => {
  it("is the shipping address while the box is ticked, and on a first visit", () => {
    expect(billingIsShipping({})).toBe(true);
    const body = orderBodyOf({ ...own, billingSame: "1" }, "cart", "order");
    expect(body.addressInformation.billingAddress).toEqual(body.addressInformation.shippingAddress);
    expect(body.addressInformation.billingAddress).not.toHaveProperty("company");
  });

  it("is its own address, company and VAT number when the box is left out of the form", () => {
    const body = orderBodyOf(own, "cart", "order");
    expect(body.addressInformation.billingAddress).toEqual({
      firstname: "Sanne",
      lastname: "Jansen",
      street: ["Keizersgracht", "100 A"],
      postcode: "1015 CX",
      city: "Amsterdam",
      country_id: "NL",
      company: "Kleermakerij Jansen B.V.",
      vat_id: "NL820646660B01",
    });
    expect(body.addressInformation.shippingAddress.city).toBe("Utrecht");
  });

  it("asks the billing address's own fields and a VAT number of a known pattern", () => {
    expect(clientErrors({ ...shipping, billingSame: "1" })).toEqual({});
    expect(clientErrors(shipping)).toEqual({
      billing_postcode: "Field is required",
      billing_houseNumber: "Field is required",
      billing_street: "Field is required",
      billing_city: "Field is required",
    });
    expect(clientErrors({ ...own, billing_vatId: "NL12345" })).toEqual({
      billing_vatId: "Enter a valid VAT number, such as NL123456789B01.",
    });
    expect(clientErrors({ ...own, billing_vatId: "be 0123.456.789" })).toEqual({});
  });

  it("says the server's refusals of the billing address at the billing fields", () => {
    const fields = {
      "addressInformation.billingAddress.postcode": "is not a postcode of NL",
      "addressInformation.billingAddress.vat_id": "is not a VAT number of NL, BE or DE",
    };
    expect(formErrors(fields, own)).toEqual({
      billing_postcode: "Zip code must have at least 3 letters and be a valid zip code of the country.",
      billing_vatId: "Enter a valid VAT number, such as NL123456789B01.",
    });
    // Ticked, the billing address is the shipping address: its refusal is the shipping field's.
    expect(
      formErrors({ "addressInformation.billingAddress.city": "Field is required" }, { billingSame: "1" }),
    ).toEqual({
      city: "Field is required",
    });
  });
});

describe("a store pick-up asks only contact details (issue 23, item 12)", () => {
  const contact = {
    email: "sanne@example.nl",
    firstname: "Sanne",
    lastname: "Jansen",
    telephone: "0612345678",
    shipping: "store:pickup",
    store: "utrecht",
    payment: "payinstore",
    billingSame: "1",
  };

  it("needs no postcode, house number, street or city", () => {
    expect(clientErrors(contact)).toEqual({});
    expect(clientErrors({ ...contact, shipping: "postnl:standard" })).toMatchObject({
      postcode: "Field is required",
      houseNumber: "Field is required",
      street: "Field is required",
      city: "Field is required",
    });
  });

  it("sends the contact details without an address, also when hidden address fields hold one", () => {
    const body = orderBodyOf(
      { ...contact, ...{ postcode: "3511 AB", street: "Oudegracht", city: "Utrecht" } },
      "cart",
      "order",
    );
    const contactOnly = {
      firstname: "Sanne",
      lastname: "Jansen",
      street: [],
      postcode: "",
      city: "",
      country_id: "NL",
      telephone: "0612345678",
    };
    expect(body.addressInformation.shippingAddress).toEqual(contactOnly);
    expect(body.addressInformation.billingAddress).toEqual(contactOnly);
  });
});
