import type { CheckoutAddress, CheckoutCustomer } from "../../lib/server-context.ts";
import type { CheckoutValues } from "./checkout-form.ts";

/** A saved address (`street: [street, "number affix"]`) as the checkout form's fields. */
export function addressValues(address: CheckoutAddress): CheckoutValues {
  const [street = "", number = ""] = address.street;
  const match = /^\s*(\d+)\s*[-\s]?\s*(.*)$/.exec(number);
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    street,
    houseNumber: match ? match[1]! : number.trim(),
    affix: match ? match[2]!.trim() : "",
    postcode: address.postcode,
    city: address.city,
    country: address.country_id,
    telephone: address.telephone ?? "",
  };
}

/** The fields a billing address fills: the address and its company (the name is the shopper's). */
export const BILLING_FIELDS = ["postcode", "houseNumber", "affix", "street", "city", "country", "company"];

/** A saved address as the billing fields (`billing_postcode`, …). */
export function billingValues(address: CheckoutAddress): CheckoutValues {
  const values: CheckoutValues = { ...addressValues(address), company: address.company ?? "" };
  return Object.fromEntries(BILLING_FIELDS.map((name) => [`billing_${name}`, values[name] ?? ""]));
}

/** The address a customer ships to unless they choose another: the default, else the first. */
export function defaultAddress(customer: CheckoutCustomer): CheckoutAddress | undefined {
  return customer.addresses.find((a) => a.default_shipping) ?? customer.addresses[0];
}

/**
 * Writes values into the form's fields (radios checked by value). `onlyEmpty` leaves text the
 * shopper already typed alone; a radio or select always takes the value (it always holds one).
 * Answers whether anything changed.
 */
export function fillForm(form: HTMLFormElement, values: CheckoutValues, onlyEmpty = false): boolean {
  let changed = false;
  for (const [name, value] of Object.entries(values)) {
    const field = form.elements.namedItem(name);
    if (field instanceof RadioNodeList) {
      for (const radio of field)
        if (radio instanceof HTMLInputElement && radio.value === value && !radio.checked) {
          radio.checked = true;
          changed = true;
        }
    } else if (field instanceof HTMLInputElement && field.type === "radio") {
      // A lone radio (one shipping method) is the element itself, not a list.
      if (field.value === value && !field.checked) {
        field.checked = true;
        changed = true;
      }
    } else if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
      // A box is ticked unless its kept value is "" (checkout-persist.ts); its owner's state follows.
      if (field.type === "checkbox") {
        if (field.checked !== (value !== "")) {
          field.checked = value !== "";
          changed = true;
        }
        continue;
      }
      if (field.type === "hidden" || (onlyEmpty && field.value && field.tagName === "INPUT")) continue;
      if (field.value !== value) {
        field.value = value;
        changed = true;
      }
    }
  }
  return changed;
}
