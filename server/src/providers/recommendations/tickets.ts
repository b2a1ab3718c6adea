/**
 * Elevate's tickets: opaque strings on every product and variant of an answer that name the list
 * and the position the shopper saw it at, handed back in click and add-to-cart notifications.
 * Ours are base64url of `1;list;position;productKey;variantKey` — readable by us, opaque to the
 * storefront, and short enough for a URL.
 */

export interface Ticket {
  /** The list: `primary`, `autocomplete`, `productGroup`, `cart`, or a recommendation list's id. */
  list: string;
  position: number;
  productKey: string;
  variantKey?: string;
}

const VERSION = "1";
const MAX_TICKET = 512;

export function encodeTicket(ticket: Ticket): string {
  const fields = [VERSION, ticket.list, String(ticket.position), ticket.productKey, ticket.variantKey ?? ""];
  return Buffer.from(fields.map(encodeURIComponent).join(";"), "utf8").toString("base64url");
}

/** The ticket's facts, or undefined for anything we did not issue. */
export function decodeTicket(text: string): Ticket | undefined {
  if (text.length === 0 || text.length > MAX_TICKET || !/^[\w-]+$/.test(text)) return undefined;
  let fields: string[];
  try {
    fields = Buffer.from(text, "base64url").toString("utf8").split(";").map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [version, list, position, productKey, variantKey] = fields;
  if (fields.length !== 5 || version !== VERSION || !list || !productKey || !/^\d{1,6}$/.test(position ?? ""))
    return undefined;
  return { list, position: Number(position), productKey, ...(variantKey ? { variantKey } : {}) };
}
