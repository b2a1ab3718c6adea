/**
 * Payment methods offered for a cart (transactional §3, §5). Card and iDEAL go through the
 * payment provider (a later issue); cash on delivery is hidden for a virtual cart, where nothing
 * is delivered.
 */
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

/** A cart is virtual when it has lines and every one is virtual or downloadable (§5). */
export function isVirtualCart(lines: readonly { isVirtual: boolean }[]): boolean {
  return lines.length > 0 && lines.every((l) => l.isVirtual);
}

export function paymentMethodsFor(virtualCart: boolean): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => !(virtualCart && m.code === "cashondelivery"));
}
