import { isValidEmail, normaliseDutchPostcode, PASSWORD_MAX_LENGTH } from "@etalage/core";
import { z } from "zod";
import { int4, line } from "../../http/schemas.ts";

/** The customer token in the query (the spec's tokenInHeader off); a bearer header works too. */
const token = line(200).optional();
export const tokenQuery = z.strictObject({ token });

const email = line(254).min(1, "is required").refine(isValidEmail, "Please provide an valid e-mail address");
/** Not trimmed: a space may be part of a password. Checked for the rule by the service. */
const password = z
  .string({ error: "is required" })
  .min(1, "is required")
  .max(PASSWORD_MAX_LENGTH, `is longer than ${PASSWORD_MAX_LENGTH} characters`);
const name = line(100).min(1, "Field is required");
const secret = line(200).min(1, "is required");

/** A Dutch address is checked as one; other countries only for their shape. */
const addressSchema = z
  .strictObject({
    id: int4().optional(),
    firstname: name,
    lastname: name,
    street: z.array(line(100)).min(2, "must hold street and house number").max(3, "has at most 3 lines"),
    postcode: line(12).min(1, "Field is required"),
    city: line(100).min(1, "Field is required"),
    country_id: line(2).regex(/^[A-Z]{2}$/, "must be a country code such as NL"),
    telephone: line(30).optional(),
    company: line(100).optional(),
    default_shipping: z.boolean().optional(),
    default_billing: z.boolean().optional(),
  })
  .transform((address, ctx) => {
    if (!address.street[0])
      ctx.addIssue({ code: "custom", path: ["street", 0], message: "Field is required" });
    if (!address.street[1])
      ctx.addIssue({ code: "custom", path: ["street", 1], message: "Enter a house number" });
    if (address.country_id !== "NL") return address;
    const postcode = normaliseDutchPostcode(address.postcode);
    if (!postcode)
      ctx.addIssue({ code: "custom", path: ["postcode"], message: "Enter a Dutch postcode such as 1012 AB" });
    return { ...address, postcode: postcode ?? address.postcode };
  });

export const loginBody = z.strictObject({ username: email, password });
export const refreshBody = z.strictObject({ refreshToken: secret });
export const createBody = z.strictObject({
  customer: z.strictObject({
    email,
    firstname: name,
    lastname: name,
    addresses: z.array(addressSchema).max(20).optional(),
  }),
  password,
});
export const resetBody = z.strictObject({ email });
export const createPasswordBody = z.strictObject({ email, newPassword: password, resetToken: secret });
export const changePasswordBody = z.strictObject({ currentPassword: password, newPassword: password });
export const deleteAccountBody = z.strictObject({ password });

/** Empty fields are dropped before they reach the service (transactional §5). */
const optionalText = (schema: z.ZodType<string, string>) =>
  z
    .union([z.literal(""), schema])
    .optional()
    .transform((v) => v || undefined);
export const meBody = z.strictObject({
  customer: z.object({
    email: optionalText(email),
    firstname: optionalText(name),
    lastname: optionalText(name),
    addresses: z.array(addressSchema).max(20).optional(),
  }),
});
export const addressBody = z.strictObject({ address: addressSchema });
export const deleteAddressBody = z.strictObject({ user_id: int4().optional(), address_id: int4() });
export const historyQuery = z.strictObject({
  token,
  pageSize: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1)
    .max(100)
    .default(20),
  currentPage: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1)
    .max(100_000)
    .default(1),
});
export const orderParams = z.strictObject({ orderNumber: line(64).min(1) });

export const addressAnswer = z.object({
  id: z.number(),
  customer_id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  street: z.array(z.string()),
  postcode: z.string(),
  city: z.string(),
  country_id: z.string(),
  telephone: z.string().optional(),
  company: z.string().optional(),
  default_shipping: z.boolean(),
  default_billing: z.boolean(),
});
export const customerAnswer = z.object({
  id: z.number(),
  external_id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  group_id: z.number(),
  created_at: z.string(),
  addresses: z.array(addressAnswer),
});
