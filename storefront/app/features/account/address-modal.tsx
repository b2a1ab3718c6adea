import {
  composeStreet,
  isValidAffix,
  isValidHouseNumber,
  normaliseDutchPostcode,
  streetFields,
  t,
} from "@etalage/core";
import { type FormEvent, useState } from "react";
import { useAccount } from "../../session/account-store.ts";
import type { ModalProps } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { saveAddress } from "./account-actions.ts";
import { Field } from "./login-page.tsx";

/** The first rule the form breaks, in the order of its fields, or null (core's Dutch address rules). */
function refusalOf(value: (name: string) => string): string | null {
  if (!value("firstname") || !value("lastname")) return t("Fill in your first and last name");
  if (!normaliseDutchPostcode(value("postcode"))) return t("Enter a Dutch postcode such as 1012 AB");
  if (!isValidHouseNumber(value("houseNumber"))) return t("Enter a house number");
  if (!isValidAffix(value("affix"))) return t("Enter an affix of at most 6 letters or digits");
  if (!value("street")) return t("Enter the street");
  if (!value("city")) return t("Enter the city");
  return null;
}

/**
 * The account addresses modal (browsing §2, transactional §2): adds an address, or edits the one
 * given, without leaving the page it was opened on (my-account, the checkout). Dutch addresses
 * only, as the account's address book is (postcode 1234 AB, house number, affix). `onSaved` hears
 * the address as the server kept it, so the checkout can choose it.
 */
export default function AddressModal({ payload, close }: ModalProps<"account-addresses">) {
  const user = useAccount().user;
  const address = payload?.address ?? null;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = streetFields(address?.street);
  const title = address?.id ? t("Edit address") : t("Add address");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim();
    const refusal = refusalOf(value);
    if (refusal) return setError(refusal);
    setBusy(true);
    const answer = await saveAddress({
      ...(address?.id ? { id: address.id } : {}),
      firstname: value("firstname"),
      lastname: value("lastname"),
      street: composeStreet({
        street: value("street"),
        houseNumber: value("houseNumber"),
        affix: value("affix"),
      }),
      postcode: normaliseDutchPostcode(value("postcode")) ?? "",
      city: value("city"),
      country_id: "NL",
      ...(address?.telephone ? { telephone: address.telephone } : {}),
      ...(address?.company ? { company: address.company } : {}),
      default_shipping: form.get("default") === "on",
      default_billing: form.get("default") === "on",
    }).finally(() => setBusy(false));
    if (answer.refused !== undefined) return setError(answer.refused);
    payload?.onSaved?.(answer.saved);
    close();
  }

  return (
    <Dialog title={title} onClose={close}>
      <form onSubmit={submit} noValidate aria-label={title} aria-busy={busy} className="account-address-form">
        <Field
          name="firstname"
          label={t("First name")}
          defaultValue={address?.firstname ?? user?.firstname ?? ""}
          autoComplete="given-name"
        />
        <Field
          name="lastname"
          label={t("Last name")}
          defaultValue={address?.lastname ?? user?.lastname ?? ""}
          autoComplete="family-name"
        />
        <Field
          name="postcode"
          label={t("Postcode")}
          defaultValue={address?.postcode ?? ""}
          autoComplete="postal-code"
        />
        <Field
          name="houseNumber"
          label={t("House number")}
          defaultValue={fields.houseNumber}
          inputMode="numeric"
        />
        <Field name="affix" label={t("Affix")} defaultValue={fields.affix} required={false} />
        <Field name="street" label={t("Street")} defaultValue={fields.street} autoComplete="address-line1" />
        <Field
          name="city"
          label={t("City")}
          defaultValue={address?.city ?? ""}
          autoComplete="address-level2"
        />
        <div className="account-field account-field--check">
          <input
            id="field-default"
            name="default"
            type="checkbox"
            defaultChecked={address?.default_shipping ?? false}
          />
          <label htmlFor="field-default">{t("Use as default address")}</label>
        </div>
        {error && (
          <p role="alert" className="account__error">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {t("Save")}
        </button>
      </form>
    </Dialog>
  );
}
