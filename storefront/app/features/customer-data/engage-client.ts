import { cartReport, keepContactId } from "@etalage/core";
import { accountState, customerToken } from "../../session/account-store.ts";
import { readCartCookie } from "../../session/cart-cookie.ts";
import { cartViewStore } from "../../session/cart-state.ts";
import { on } from "../../session/events.ts";

/*
 * The storefront's side of the customer-data platform (transactional §4 "Customer-analytics
 * commands": set contact id, cart, empty cart, product view). Loaded only after the visitor
 * consented (features/customer-data/customer-data-reactions.ts); every call is silent: a report that fails is not the
 * shopper's problem.
 */

const BASE = "/api/ext/voyado-engage";
const CONTACT_KEY = "etalage-contact";
const CART_HASH_KEY = "etalage-contact-cart-hash";
/** The cart token the last report was about: another token is another cart (transactional §4). */
const CART_TOKEN_KEY = "etalage-contact-cart-token";
/** The logged-in customer's enriched data (favstore, favbrand…), for this tab's session only. */
const CUSTOMER_DATA_KEY = "etalage-contact-customer";

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
 * own contact id stays as it was set. Then the enriched data (favstore, favbrand), kept for the
 * tab's session.
 */
export async function customerContact(
  token: string,
  externalId: string,
): Promise<Record<string, string> | null> {
  const auth = { authorization: `Bearer ${token}` };
  const idResponse = await fetch(`${BASE}/contact-id?customKey=${encodeURIComponent(externalId)}`, {
    headers: auth,
  }).catch(() => null);
  if (!idResponse?.ok) return null;
  const { result: contactId } = (await idResponse.json()) as { result: string };
  if (!read<StoredContact>(CONTACT_KEY)) write(CONTACT_KEY, { contactId });
  const overview = await fetch(`${BASE}/contact/${contactId}`, { headers: auth }).catch(() => null);
  if (!overview?.ok) return null;
  const { attributes } = ((await overview.json()) as { result: { attributes: Record<string, string> } })
    .result;
  try {
    sessionStorage.setItem(CUSTOMER_DATA_KEY, JSON.stringify({ contactId, attributes }));
  } catch {
    // Storage off: asked again at the next login.
  }
  return attributes;
}

/** What the platform knows of the logged-in customer, once loaded at login. */
export function customerData(): { contactId: string; attributes: Record<string, string> } | null {
  try {
    return JSON.parse(sessionStorage.getItem(CUSTOMER_DATA_KEY) ?? "null");
  } catch {
    return null;
  }
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

/**
 * The cart-emptied report (token changed, logout, order placed): sent when the platform holds a
 * cart of this browser, whatever page this is.
 */
export async function reportCartEmptied(): Promise<void> {
  if (read<string>(CART_HASH_KEY) === null) return;
  if (await send("PUT", "/cart", { hash: null, items: [] })) write(CART_HASH_KEY, null);
}

/**
 * An order placed: the cart it was is emptied for the platform, and the order counts for the
 * favourites of this browser's contact and, when logged in, the customer's.
 */
export async function reportOrderPlaced(orderNumber: string, orderToken: string): Promise<void> {
  await chain(async () => {
    await reportCartEmptied();
    write(CART_TOKEN_KEY, null);
  });
  const body = { orderNumber, token: orderToken };
  await send("POST", "/order", body);
  const token = customerToken();
  const customer = customerData();
  if (token && customer)
    await fetch(`${BASE}/contact/${customer.contactId}/order`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).catch(() => null);
}

/** Reports one after another, so an emptied report never overtakes the cart before it. */
let queue: Promise<void> = Promise.resolve();
function chain(task: () => Promise<void>): Promise<void> {
  queue = queue.then(task).catch(() => {});
  return queue;
}

let watching = false;

/** Follows the cart and the session for as long as the page lives. */
export function watchCart(): void {
  if (watching) return;
  watching = true;
  const onChange = () => {
    const view = cartViewStore.get();
    if (!view.ready) return;
    void chain(async () => {
      // Another cart token is another cart: the one reported before is emptied first.
      const token = readCartCookie();
      const lastToken = read<string>(CART_TOKEN_KEY);
      if (token !== lastToken) {
        if (lastToken !== null) await reportCartEmptied();
        write(CART_TOKEN_KEY, token);
      }
      await reportCart(view.items);
    });
  };
  cartViewStore.subscribe(onChange);
  onChange();
  on("logout", () => {
    try {
      sessionStorage.removeItem(CUSTOMER_DATA_KEY);
    } catch {
      // Nothing kept.
    }
    void chain(reportCartEmptied);
  });
  on("login", () => {
    const { token, user } = accountState();
    if (token && user?.external_id) void customerContact(token, user.external_id);
  });
}
