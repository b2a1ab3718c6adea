/**
 * The checkout form's fields to the contract's order body (`POST /api/order`), and the server's
 * error paths back to the form's field names. Pure: the action and the tests call it.
 */
export type CheckoutValues = Record<string, string>;

export function valuesOf(form: FormData): CheckoutValues {
  const values: CheckoutValues = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value.trim();
  return values;
}

/** `postnl:standard` → carrier and method codes. */
export function splitMethod(value: string | undefined): { carrier: string; method: string } {
  const [carrier = "", method = ""] = (value ?? "").split(":");
  return { carrier, method };
}

export function orderBodyOf(values: CheckoutValues, cartId: string, orderId: string) {
  const street = [values.houseNumber, values.affix].filter(Boolean).join(" ");
  const address = {
    firstname: values.firstname ?? "",
    lastname: values.lastname ?? "",
    street: [values.street ?? "", street],
    postcode: values.postcode ?? "",
    city: values.city ?? "",
    country_id: values.country || "NL",
    ...(values.telephone ? { telephone: values.telephone } : {}),
  };
  const { carrier, method } = splitMethod(values.shipping);
  const additional: Record<string, string> = {};
  if (carrier === "postnl" && method === "pickup" && values.servicePoint)
    additional.service_point_code = values.servicePoint;
  if (carrier === "store" && values.store) additional.store_id = values.store;
  return {
    order_id: orderId,
    cart_id: cartId,
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_carrier_code: carrier,
      shipping_method_code: method,
      payment_method_code: values.payment ?? "",
      ...(Object.keys(additional).length > 0 ? { payment_method_additional: additional } : {}),
    },
    personalDetails: { email: values.email ?? "", firstname: values.firstname, lastname: values.lastname },
  };
}

/** Server error paths → the form field they are about. */
const FIELD_OF: [RegExp, string][] = [
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

export function formErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = FIELD_OF.find(([pattern]) => pattern.test(path))?.[1];
    if (field)
      errors[field] ??= /postcode/.test(path)
        ? "Zip code must have at least 3 letters and be a valid zip code of the country."
        : message === "Field is required" || /required|empty|Invalid input/i.test(message)
          ? "Field is required"
          : message;
  }
  return errors;
}

/** Checks the shopper can see before the server does (transactional §5), in dictionary keys. */
export function clientErrors(values: CheckoutValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of [
    "email",
    "firstname",
    "lastname",
    "postcode",
    "houseNumber",
    "street",
    "city",
    "shipping",
    "payment",
  ])
    if (!values[name]) errors[name] = "Field is required";
  for (const name of ["firstname", "lastname"])
    if (values[name] && values[name].replace(/[^\p{L}]/gu, "").length < 3 && !errors[name])
      errors[name] = "Name must have at least 3 letters.";
  if (values.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
    errors.email = "Please provide an valid e-mail address";
  if (values.postcode && values.postcode.replace(/\s/g, "").length < 3)
    errors.postcode = "Zip code must have at least 3 letters and be a valid zip code of the country.";
  const { carrier, method } = splitMethod(values.shipping);
  if (carrier === "postnl" && method === "pickup" && !values.servicePoint)
    errors.servicePoint = "Choose a pick-up point";
  if (carrier === "store" && !values.store) errors.store = "Choose a store";
  return errors;
}
