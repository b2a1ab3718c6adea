import type { OrderAddress } from "../checkout/order-address.ts";

/**
 * What an erased account leaves behind (beyond the spec: "delete my account"). Orders stay for
 * the bookkeeping the law asks for, without the person: no name, street, phone or email; the
 * country stays, as VAT is owed by it.
 */
export function anonymisedOrderAddress(address: OrderAddress): OrderAddress {
  return { firstname: "", lastname: "", street: [], postcode: "", city: "", country_id: address.country_id };
}

/** An address that can never receive mail (.invalid is reserved, RFC 2606), unique per order. */
export function anonymisedOrderEmail(orderNumber: string): string {
  return `verwijderd-${orderNumber.replace(/[^\w-]/g, "")}@etalage.invalid`;
}
