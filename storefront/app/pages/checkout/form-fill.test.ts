import { describe, expect, it } from "vitest";
import type { CheckoutAddress } from "../../lib/server-context.ts";
import { addressValues, billingValues, defaultAddress } from "./form-fill.ts";

const saved = (over: Partial<CheckoutAddress>): CheckoutAddress => ({
  id: 1,
  firstname: "Daan",
  lastname: "de Vries",
  street: ["Keizersgracht", "123 B"],
  postcode: "1015 CJ",
  city: "Amsterdam",
  country_id: "NL",
  default_shipping: false,
  default_billing: false,
  ...over,
});

describe("a saved address as the checkout's fields", () => {
  it("splits the contract's 'number affix' into house number and affix", () => {
    expect(addressValues(saved({}))).toMatchObject({
      street: "Keizersgracht",
      houseNumber: "123",
      affix: "B",
    });
    expect(addressValues(saved({ street: ["Oudegracht", "45"] }))).toMatchObject({
      houseNumber: "45",
      affix: "",
    });
    expect(addressValues(saved({ street: ["Markt", "7-a"] }))).toMatchObject({
      houseNumber: "7",
      affix: "a",
    });
    expect(addressValues(saved({ street: ["Dorp", ""] }))).toMatchObject({ houseNumber: "", affix: "" });
  });

  it("ships to the default shipping address, else the first", () => {
    const a = saved({ id: 1 });
    const b = saved({ id: 2, default_shipping: true });
    expect(defaultAddress({ email: "", firstname: "", lastname: "", addresses: [a, b] })?.id).toBe(2);
    expect(defaultAddress({ email: "", firstname: "", lastname: "", addresses: [a] })?.id).toBe(1);
    expect(defaultAddress({ email: "", firstname: "", lastname: "", addresses: [] })).toBeUndefined();
  });

  it("fills the billing fields from a saved address, its company included", () => {
    expect(billingValues(saved({ company: "Atelier De Vries" }))).toEqual({
      billing_postcode: "1015 CJ",
      billing_houseNumber: "123",
      billing_affix: "B",
      billing_street: "Keizersgracht",
      billing_city: "Amsterdam",
      billing_country: "NL",
      billing_company: "Atelier De Vries",
    });
    expect(billingValues(saved({})).billing_company).toBe("");
  });
});
