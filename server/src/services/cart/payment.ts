import { PAYMENT_METHODS, type PaymentMethod } from "@etalage/core";

export type { PaymentMethod };

/** A cart is virtual when it has lines and every one is virtual or downloadable (§5). */
export function isVirtualCart(lines: readonly { isVirtual: boolean }[]): boolean {
  return lines.length > 0 && lines.every((l) => l.isVirtual);
}

/**
 * Payment methods offered for a cart (transactional §3, §5; the list is core's). Card and iDEAL go
 * through the payment provider; cash on delivery is hidden for a virtual cart, where nothing is
 * delivered.
 */
export function paymentMethodsFor(virtualCart: boolean): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => !(virtualCart && m.code === "cashondelivery"));
}
