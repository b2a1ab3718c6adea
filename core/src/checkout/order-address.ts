import { COUNTRIES } from "../directory/directory.ts";
import { t } from "../i18n/translate.ts";

/**
 * An order's address as the order keeps it (contract "Orders", transactional §3 "Shipping address
 * payload"; a billing address may name a company and VAT number). The server stores it, the pages
 * and mails show it, erasure blanks it.
 */
export interface OrderAddress {
  firstname: string;
  lastname: string;
  street: string[];
  postcode: string;
  city: string;
  country_id: string;
  telephone?: string;
  company?: string;
  vat_id?: string;
}

/**
 * The address as it is written on an envelope or invoice, one line each: company, name, street
 * and house number, postcode and city, country (in Dutch), VAT number. The mail, the order pages
 * and the operator's CLI all write it this way. An erased address (no name, no street) has only
 * its country; contact details alone (a name, no street or place) have no country.
 */
export function orderAddressLines(address: OrderAddress): string[] {
  const name = `${address.firstname} ${address.lastname}`.trim();
  const street = address.street.filter(Boolean).join(" ").trim();
  const place = `${address.postcode} ${address.city}`.trim();
  const country = COUNTRIES.find((c) => c.id === address.country_id)?.full_name_locale ?? address.country_id;
  // Contact details alone (a store pick-up's, issue 23 item 12) are no address in a country.
  const contactOnly = name !== "" && street === "" && place === "";
  return [
    address.company ?? "",
    name,
    street,
    place,
    contactOnly ? "" : country,
    address.vat_id ? t("VAT number: {vat}", { vat: address.vat_id }) : "",
  ].filter(Boolean);
}

/**
 * Whether an order sent with this shipping carrier needs a postal address (issue 23, item 12). A
 * store pick-up is collected in the store, so the order asks only who the shopper is (name, e-mail,
 * phone); its addresses may then be contact details alone (no street, postcode or city). The
 * checkout's fields and checks and the server's order validation all ask this one rule.
 */
export function asksForAddress(shippingCarrierCode: string | null | undefined): boolean {
  return shippingCarrierCode !== "store";
}

/** An address that is contact details alone (a store pick-up's): no street, postcode or city. */
export function isContactOnly(address: Pick<OrderAddress, "street" | "postcode" | "city">): boolean {
  return !address.street.some(Boolean) && !address.postcode && !address.city;
}
