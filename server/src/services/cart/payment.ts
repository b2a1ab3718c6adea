import { paymentMethodsForCart } from "@etalage/core";

/** A payment method as the cart and order APIs answer it (transactional §3). */
export interface PaymentMethod {
  code: string;
  title: string;
}

/** A cart is virtual when it has lines and every one is virtual or downloadable (§5). */
export function isVirtualCart(lines: readonly { isVirtual: boolean }[]): boolean {
  return lines.length > 0 && lines.every((l) => l.isVirtual);
}

/**
 * Payment methods offered for a cart (transactional §3, §5; core's one list): iDEAL and card go
 * through the payment provider; cash on delivery is hidden for a virtual cart, where nothing is
 * delivered.
 */
export function paymentMethodsFor(virtualCart: boolean): PaymentMethod[] {
  return paymentMethodsForCart(virtualCart).map(({ code, title }) => ({ code, title }));
}
