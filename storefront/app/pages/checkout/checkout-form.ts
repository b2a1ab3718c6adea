import { asksForAddress, isValidVatNumber } from "@etalage/core";

/**
 * The checkout form's fields to the contract's order body (`POST /api/order`), and the server's
 * error paths back to the form's field names. Pure: the action and the tests call it.
 */
export type CheckoutValues = Record<string, string>;

/** The box "Factuuradres gelijk aan verzendadres": its value when ticked. */
export const BILLING_SAME = "1";

/**
 * Whether the billing address is the shipping address: ticked unless a posted form left the box
 * out (a form with no values is the first visit, where it starts ticked).
 */
export function billingIsShipping(values: CheckoutValues): boolean {
  return Object.keys(values).length === 0 || values.billingSame === BILLING_SAME;
}

export function valuesOf(form: FormData): CheckoutValues {
  const values: CheckoutValues = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value.trim();
  return values;
}

/** `postnl:standard` → carrier and method codes. */
function splitMethod(value: string | undefined): { carrier: string; method: string } {
  const [carrier = "", method = ""] = (value ?? "").split(":");
  return { carrier, method };
}

/** The address of the fields with `prefix` ("" shipping, "billing_" billing), in the contract's shape. */
function addressOf(values: CheckoutValues, prefix: "" | "billing_") {
  const field = (name: string) => values[`${prefix}${name}`] ?? "";
  return {
    firstname: values.firstname ?? "",
    lastname: values.lastname ?? "",
    street: [field("street"), [field("houseNumber"), field("affix")].filter(Boolean).join(" ")],
    postcode: field("postcode"),
    city: field("city"),
    country_id: field("country") || "NL",
  };
}

/** Who the shopper is, without a postal address: a store pick-up's address (issue 23, item 12). */
function contactOf(values: CheckoutValues) {
  return {
    firstname: values.firstname ?? "",
    lastname: values.lastname ?? "",
    street: [],
    postcode: "",
    city: "",
    // The stores are in the Netherlands: the method is offered there.
    country_id: "NL",
  };
}

export function orderBodyOf(values: CheckoutValues, cartId: string, orderId: string) {
  const { carrier, method } = splitMethod(values.shipping);
  // The address fields a store pick-up hides are still in the form: they are not sent.
  const address = {
    ...(asksForAddress(carrier) ? addressOf(values, "") : contactOf(values)),
    ...(values.telephone ? { telephone: values.telephone } : {}),
  };
  const billing = billingIsShipping(values)
    ? address
    : {
        ...addressOf(values, "billing_"),
        ...(values.billing_company ? { company: values.billing_company } : {}),
        ...(values.billing_vatId ? { vat_id: values.billing_vatId } : {}),
      };
  const shown = Number(values.expectedGrandTotal);
  const expected = values.expectedGrandTotal && Number.isFinite(shown) ? shown : undefined;
  const additional: Record<string, string> = {};
  if (carrier === "postnl" && method === "pickup" && values.servicePoint)
    additional.service_point_code = values.servicePoint;
  if (carrier === "store" && values.store) additional.store_id = values.store;
  return {
    order_id: orderId,
    cart_id: cartId,
    addressInformation: {
      shippingAddress: address,
      billingAddress: billing,
      shipping_carrier_code: carrier,
      shipping_method_code: method,
      payment_method_code: values.payment ?? "",
      ...(Object.keys(additional).length > 0 ? { payment_method_additional: additional } : {}),
    },
    personalDetails: { email: values.email ?? "", firstname: values.firstname, lastname: values.lastname },
    // The total the page showed: the server refuses to charge another one (issue 23).
    ...(expected !== undefined ? { expected_grand_total: expected } : {}),
  };
}

/** Server error paths → the form field they are about (a billing address's go to `billing_…`). */
const FIELD_OF: [RegExp, string][] = [
  [/billingAddress\.vat_id/, "billing_vatId"],
  [/billingAddress\.company/, "billing_company"],
  [/^personalDetails\.email/, "email"],
  [/Address\.firstname/, "firstname"],
  [/Address\.lastname/, "lastname"],
  [/Address\.street\.0/, "street"],
  [/Address\.street/, "houseNumber"],
  [/Address\.postcode/, "postcode"],
  [/Address\.city/, "city"],
  [/Address\.country_id/, "country"],
  [/Address\.telephone/, "telephone"],
  [/shipping_(method|carrier)_code/, "shipping"],
  [/service_point_code/, "servicePoint"],
  [/store_id/, "store"],
  [/payment_method_code/, "payment"],
];

export function formErrors(
  fields: Record<string, string>,
  values: CheckoutValues = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  const ownBilling = !billingIsShipping(values);
  for (const [path, message] of Object.entries(fields)) {
    let field = FIELD_OF.find(([pattern]) => pattern.test(path))?.[1];
    // The billing address's own fields, when it has them; else it is the shipping address.
    if (field && ownBilling && /billingAddress\.(street|postcode|city|country_id)/.test(path))
      field = `billing_${field}`;
    if (field)
      errors[field] ??= /postcode/.test(path)
        ? "Zip code must have at least 3 letters and be a valid zip code of the country."
        : /vat_id/.test(path)
          ? "Enter a valid VAT number, such as NL123456789B01."
          : message === "Field is required" || /required|empty|Invalid input/i.test(message)
            ? "Field is required"
            : message;
  }
  return errors;
}

/** Checks the shopper can see before the server does (transactional §5), in dictionary keys. */
export function clientErrors(values: CheckoutValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const { carrier, method } = splitMethod(values.shipping);
  const address = asksForAddress(carrier) ? ["postcode", "houseNumber", "street", "city"] : [];
  for (const name of ["email", "firstname", "lastname", ...address, "shipping", "payment"])
    if (!values[name]) errors[name] = "Field is required";
  for (const name of ["firstname", "lastname"])
    if (values[name] && values[name].replace(/[^\p{L}]/gu, "").length < 3 && !errors[name])
      errors[name] = "Name must have at least 3 letters.";
  if (values.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
    errors.email = "Please provide an valid e-mail address";
  if (!billingIsShipping(values)) {
    for (const name of ["billing_postcode", "billing_houseNumber", "billing_street", "billing_city"])
      if (!values[name]) errors[name] = "Field is required";
    if (values.billing_vatId && !isValidVatNumber(values.billing_vatId))
      errors.billing_vatId = "Enter a valid VAT number, such as NL123456789B01.";
  }
  for (const name of address.length > 0 ? ["postcode", "billing_postcode"] : ["billing_postcode"])
    if (values[name] && values[name].replace(/\s/g, "").length < 3)
      errors[name] = "Zip code must have at least 3 letters and be a valid zip code of the country.";
  if (carrier === "postnl" && method === "pickup" && !values.servicePoint)
    errors.servicePoint = "Choose a pick-up point";
  if (carrier === "store" && !values.store) errors.store = "Choose a store";
  return errors;
}
