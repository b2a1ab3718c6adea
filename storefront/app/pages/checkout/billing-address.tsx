import { t } from "@etalage/core";
import type { CheckoutAddress } from "../../lib/server-context.ts";
import { AddressFields } from "./address-fields.tsx";
import { Field } from "./checkout-field.tsx";
import { BILLING_SAME, type CheckoutValues } from "./checkout-form.ts";
import { SavedAddresses } from "./saved-addresses.tsx";

/**
 * The billing address in the payment step (issue 13): "Factuuradres gelijk aan verzendadres",
 * ticked at first; unticked, the shipping address's own fields (AddressFields) for the billing
 * address, a logged-in customer's saved addresses to pick from, and a company name and VAT number.
 * Without JavaScript the fields appear after the form is sent with the box unticked.
 */
export function BillingAddress(props: {
  same: boolean;
  onSame: (same: boolean) => void;
  values: CheckoutValues;
  errors: Record<string, string>;
  addresses: CheckoutAddress[] | null;
  chosen: number | "new";
  onChoose: (address: CheckoutAddress | null) => void;
}) {
  return (
    <div className="checkout__billing">
      <p className="checkout__choice">
        <input
          type="checkbox"
          id="checkout-billingSame"
          name="billingSame"
          value={BILLING_SAME}
          checked={props.same}
          onChange={(event) => props.onSame(event.target.checked)}
        />
        <label htmlFor="checkout-billingSame">{t("Billing address same as shipping address")}</label>
      </p>
      {!props.same && (
        <fieldset id="checkout-billing-address">
          <legend>{t("Billing address")}</legend>
          {props.addresses && (
            <SavedAddresses
              group="billing"
              addresses={props.addresses}
              chosen={props.chosen}
              onChoose={props.onChoose}
            />
          )}
          <Field
            name="billing_company"
            label="Company name (optional)"
            autoComplete="billing organization"
            values={props.values}
            errors={props.errors}
          />
          <AddressFields prefix="billing_" section="billing" values={props.values} errors={props.errors} />
          <Field
            name="billing_vatId"
            label="VAT number (optional)"
            values={props.values}
            errors={props.errors}
          />
        </fieldset>
      )}
    </div>
  );
}
