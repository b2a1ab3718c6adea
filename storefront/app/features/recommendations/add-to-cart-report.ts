/**
 * Add-to-cart notifications (browsing §7): Elevate's client reports an add with the ticket of the
 * product or variant the shopper saw. Tickets are remembered as answers arrive; an add reports
 * the variant's ticket, else its product's. Tiny on purpose: the product page imports it, the
 * Elevate client loads only when there is something to send.
 */
const tickets = new Map<string, string>();
const LIMIT = 500;

export function rememberTickets(byKey: Record<string, string>): void {
  for (const [key, ticket] of Object.entries(byKey)) {
    tickets.delete(key);
    tickets.set(key, ticket);
  }
  while (tickets.size > LIMIT) tickets.delete(tickets.keys().next().value!);
}

export function reportAddToCart(sku: string, parentSku?: string): void {
  const ticket = tickets.get(sku) ?? (parentSku ? tickets.get(parentSku) : undefined);
  if (!ticket) return;
  void import("../../lib/elevate/elevate-api.ts")
    .then((m) => m.notifyAddToCart(ticket))
    .catch(() => undefined);
}
