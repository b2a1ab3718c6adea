import { t } from "@etalage/core";
import { Field } from "./checkout-field.tsx";
import type { CheckoutValues } from "./checkout-form.ts";
import { PostcodeLookup } from "./postcode-lookup.tsx";

/**
 * The Dutch address fields of the checkout (postcode, house number, affix, street, city, country),
 * for the shipping address and, with `prefix` "billing_", the billing address: one form, one set of
 * rules (checkout-form.ts). `section` is the autocomplete section ("shipping", "billing").
 */
export function AddressFields({
  prefix = "",
  section,
  values,
  errors,
}: {
  prefix?: "" | "billing_";
  section: "shipping" | "billing";
  values: CheckoutValues;
  errors: Record<string, string>;
}) {
  const auto = (token: string) => `${section} ${token}`;
  const countryId = `checkout-${prefix}country`;
  return (
    <>
      <Field
        name={`${prefix}postcode`}
        label="Zip code"
        autoComplete={auto("postal-code")}
        values={values}
        errors={errors}
        required
      />
      <Field name={`${prefix}houseNumber`} label="House number" values={values} errors={errors} required />
      <Field name={`${prefix}affix`} label="Affix" values={values} errors={errors} />
      <PostcodeLookup prefix={prefix} />
      <Field
        name={`${prefix}street`}
        label="Street name"
        autoComplete={auto("address-line1")}
        values={values}
        errors={errors}
        required
      />
      <Field
        name={`${prefix}city`}
        label="City"
        autoComplete={auto("address-level2")}
        values={values}
        errors={errors}
        required
      />
      <p className="checkout__field">
        <label htmlFor={countryId}>{t("Country")}</label>
        <select
          id={countryId}
          name={`${prefix}country`}
          defaultValue={values[`${prefix}country`] || "NL"}
          autoComplete={auto("country")}
        >
          <option value="NL">{t("Netherlands")}</option>
          <option value="BE">{t("Belgium")}</option>
          <option value="DE">{t("Germany")}</option>
        </select>
      </p>
    </>
  );
}
