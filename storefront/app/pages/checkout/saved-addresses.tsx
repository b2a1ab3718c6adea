import { t } from "@etalage/core";
import type { CheckoutAddress } from "../../lib/server-context.ts";

function describe(a: CheckoutAddress): string {
  return `${a.firstname} ${a.lastname}, ${a.street.filter(Boolean).join(" ")}, ${a.postcode} ${a.city}`;
}

/** The radio group of each address of the form: never kept in the browser (checkout-persist.ts). */
const SAVED_ADDRESS_NAMES = { shipping: "savedAddress", billing: "savedBillingAddress" } as const;

/**
 * A logged-in customer's saved addresses (transactional §2): choosing one fills the address
 * fields below (the shipping or the billing address), which stay editable; 'A new address'
 * empties them. With `onAdd` and `onEdit` the address book itself can be changed from here (the
 * account addresses modal), without leaving the checkout.
 */
export function SavedAddresses({
  addresses,
  chosen,
  onChoose,
  onAdd,
  onEdit,
  group = "shipping",
}: {
  addresses: CheckoutAddress[];
  chosen: number | "new";
  onChoose: (address: CheckoutAddress | null) => void;
  onAdd?: () => void;
  onEdit?: (address: CheckoutAddress) => void;
  group?: "shipping" | "billing";
}) {
  const book = onAdd && (
    <p className="checkout__address-book">
      {onEdit && chosen !== "new" && (
        <button
          type="button"
          className="link-button"
          aria-haspopup="dialog"
          onClick={() => {
            const address = addresses.find((a) => a.id === chosen);
            if (address) onEdit(address);
          }}
        >
          {t("Edit address")}
        </button>
      )}
      <button type="button" className="link-button" aria-haspopup="dialog" onClick={onAdd}>
        {t("Add address")}
      </button>
    </p>
  );
  if (addresses.length === 0) return book || null;
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
      {book}
    </fieldset>
  );
}
