import { t } from "@etalage/core";
import type { CheckoutAddress } from "../../lib/server-context.ts";

function describe(a: CheckoutAddress): string {
  return `${a.firstname} ${a.lastname}, ${a.street.filter(Boolean).join(" ")}, ${a.postcode} ${a.city}`;
}

/** The radio group of each address of the form: never kept in the browser (checkout-persist.ts). */
export const SAVED_ADDRESS_NAMES = { shipping: "savedAddress", billing: "savedBillingAddress" } as const;

/**
 * A logged-in customer's saved addresses (transactional §2): choosing one fills the address
 * fields below (the shipping or the billing address), which stay editable; 'A new address'
 * empties them.
 */
export function SavedAddresses({
  addresses,
  chosen,
  onChoose,
  group = "shipping",
}: {
  addresses: CheckoutAddress[];
  chosen: number | "new";
  onChoose: (address: CheckoutAddress | null) => void;
  group?: "shipping" | "billing";
}) {
  if (addresses.length === 0) return null;
  const name = SAVED_ADDRESS_NAMES[group];
  const id = group === "shipping" ? "saved-address" : "saved-billing-address";
  return (
    <fieldset className="checkout__saved">
      <legend>{t("Saved addresses")}</legend>
      {addresses.map((a) => (
        <p key={a.id} className="checkout__choice">
          <input
            type="radio"
            id={`${id}-${a.id}`}
            name={name}
            value={String(a.id)}
            checked={chosen === a.id}
            onChange={() => onChoose(a)}
          />
          <label htmlFor={`${id}-${a.id}`}>{describe(a)}</label>
        </p>
      ))}
      <p className="checkout__choice">
        <input
          type="radio"
          id={`${id}-new`}
          name={name}
          value="new"
          checked={chosen === "new"}
          onChange={() => onChoose(null)}
        />
        <label htmlFor={`${id}-new`}>{t("A new address")}</label>
      </p>
    </fieldset>
  );
}
