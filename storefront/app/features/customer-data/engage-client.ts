import { cartReport, keepContactId } from "@etalage/core";
import { cartViewStore } from "../cart/cart-state.ts";

/*
 * The storefront's side of the customer-data platform (transactional §4 "Customer-analytics
 * commands": set contact id, cart, empty cart, product view). Loaded only after the visitor
 * consented (features/analytics); every call is silent: a report that fails is not the
 * shopper's problem.
 */

const BASE = "/api/ext/voyado-engage";
const CONTACT_KEY = "etalage-contact";
const CART_HASH_KEY = "etalage-contact-cart-hash";

interface StoredContact {
  contactId: string;
  /** Opens this browser's contact; only this browser has it. */
  secret?: string;
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage off: the next page asks again.
  }
}

let contactPromise: Promise<StoredContact | null> | null = null;

/** This browser's contact: made on the first report, then kept (set once, never overwritten). */
export function contact(): Promise<StoredContact | null> {
  contactPromise ??= (async () => {
    const stored = read<StoredContact>(CONTACT_KEY);
    if (stored?.contactId) return stored;
    const response = await fetch(`${BASE}/contacts`, { method: "POST" }).catch(() => null);
    if (!response?.ok) return null;
    const { result } = (await response.json()) as { result: { contactId: string; secret: string } };
    const kept = keepContactId(read<StoredContact>(CONTACT_KEY)?.contactId ?? null, result.contactId);
    const next =
      kept === result.contactId
        ? { contactId: kept, secret: result.secret }
        : read<StoredContact>(CONTACT_KEY);
    write(CONTACT_KEY, next);
    return next;
  })().finally(() => {
    contactPromise = null;
  });
  return contactPromise;
}

/**
 * On login (transactional §4): the customer's contact through their external id; the browser's
 * own contact id stays as it was set. The accounts module calls this with the customer's token.
 */
export async function customerContact(
  token: string,
  externalId: string,
): Promise<Record<string, string> | null> {
  const auth = { authorization: `Bearer ${token}` };
  const idResponse = await fetch(`${BASE}/contact-id?customKey=${encodeURIComponent(externalId)}`, {
    headers: auth,
  });
  if (!idResponse.ok) return null;
  const { result: contactId } = (await idResponse.json()) as { result: string };
  if (!read<StoredContact>(CONTACT_KEY)) write(CONTACT_KEY, { contactId });
  const overview = await fetch(`${BASE}/contact/${contactId}`, { headers: auth });
  if (!overview.ok) return null;
  return ((await overview.json()) as { result: { attributes: Record<string, string> } }).result.attributes;
}

async function send(method: string, path: string, body: unknown): Promise<boolean> {
  const own = await contact();
  if (!own?.secret) return false;
  const response = await fetch(`${BASE}/contact/${own.contactId}${path}`, {
    method,
    headers: { "content-type": "application/json", "x-contact-secret": own.secret },
    body: JSON.stringify(body),
  }).catch(() => null);
  return response?.ok === true;
}

export function reportProductView(sku: string): void {
  void send("POST", "/product-view", { sku });
}

/** 'Maak dit mijn winkel': Engage's contact attribute `favstore` (contract, customer data). */
export function reportFavouriteStore(storeId: string): Promise<boolean> {
  return send("PATCH", "", { favstore: storeId });
}

/** The cart when its hash changed, or cart-emptied; remembered once the platform took it. */
export async function reportCart(items: readonly { sku: string; qty: number }[]): Promise<void> {
  const last = read<string>(CART_HASH_KEY);
  const report = cartReport(last, items, location.pathname);
  if (!report) return;
  const body =
    report.kind === "cart" ? { hash: report.hash, items: report.items } : { hash: null, items: [] };
  if (await send("PUT", "/cart", body)) write(CART_HASH_KEY, report.kind === "cart" ? report.hash : null);
}

let watching = false;

/** Follows the cart for as long as the page lives. */
export function watchCart(): void {
  if (watching) return;
  watching = true;
  const onChange = () => {
    const view = cartViewStore.get();
    if (view.ready) void reportCart(view.items);
  };
  cartViewStore.subscribe(onChange);
  onChange();
}
