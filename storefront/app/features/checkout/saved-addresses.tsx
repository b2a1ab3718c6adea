import { t } from "@etalage/core";
import type { CheckoutAddress } from "../../lib/server-context.ts";

function describe(a: CheckoutAddress): string {
  return `${a.firstname} ${a.lastname}, ${a.street.filter(Boolean).join(" ")}, ${a.postcode} ${a.city}`;
}

/**
 * A logged-in customer's saved addresses (transactional §2): choosing one fills the address
 * fields below, which stay editable; 'A new address' empties them.
 */
export function SavedAddresses({
  addresses,
  chosen,
  onChoose,
}: {
  addresses: CheckoutAddress[];
  chosen: number | "new";
  onChoose: (address: CheckoutAddress | null) => void;
}) {
  if (addresses.length === 0) return null;
  return (
    <fieldset className="checkout__saved">
      <legend>{t("Saved addresses")}</legend>
      {addresses.map((a) => (
        <p key={a.id} className="checkout__choice">
          <input
            type="radio"
            id={`saved-address-${a.id}`}
            name="savedAddress"
            value={String(a.id)}
            checked={chosen === a.id}
            onChange={() => onChoose(a)}
          />
          <label htmlFor={`saved-address-${a.id}`}>{describe(a)}</label>
        </p>
      ))}
      <p className="checkout__choice">
        <input
          type="radio"
          id="saved-address-new"
          name="savedAddress"
          value="new"
          checked={chosen === "new"}
          onChange={() => onChoose(null)}
        />
        <label htmlFor="saved-address-new">{t("A new address")}</label>
      </p>
    </fieldset>
  );
}
