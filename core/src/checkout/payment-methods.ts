/** A payment method the shop offers (transactional §3), with the Dutch title shoppers read. */
export interface PaymentMethod {
  code: string;
  title: string;
}

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { code: "ideal", title: "iDEAL" },
  { code: "card", title: "Creditcard" },
  { code: "cashondelivery", title: "Betalen bij bezorging" },
  { code: "banktransfer", title: "Bankoverschrijving" },
];

/** The title of a method's code, for an order's pages and mails; an unknown code as it is. */
export function paymentMethodTitle(code: string): string {
  return PAYMENT_METHODS.find((m) => m.code === code)?.title ?? code;
}
