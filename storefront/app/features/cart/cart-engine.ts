import {
  type AddDecision,
  addedNotice,
  addLine,
  CART_MESSAGES,
  type CartItem,
  cartLimitProblem,
  cartLineKey,
  decideAddToCart,
  lineQtyProblem,
  type ProductOption,
  type ProductToAdd,
  parseQty,
  removeLine,
  replaceLine,
  type StockStatus,
  setLineQty,
  t,
  validateProductForCart,
} from "@etalage/core";
import { notify } from "../../lib/notification-store.ts";
import { withLock } from "../../lib/with-lock.ts";
import { readCartCookie, writeCartCookie } from "../../session/cart-cookie.ts";
import type { CouponOutcome } from "../../session/cart-state.ts";
import type { AddToCartRequest, CartProduct } from "./add-to-cart-request.ts";
import { cartHttp, Offline } from "./cart-http.ts";
import { describeLines, withDisplayOf } from "./cart-lines.ts";
import { CART_SETTINGS } from "./cart-settings.ts";
import {
  awaitingNotice,
  change,
  channel,
  publish,
  queue,
  refresh,
  STATE_LOCK,
  save,
  setToken,
  store,
} from "./cart-store.ts";
import { requestSync, syncStock, syncTotals } from "./cart-sync.ts";

/*
 * The cart engine: what cart-api.ts loads on first use. The shopper's actions (transactional §4
 * "Adding to cart", quantities, removal, edit mode, coupons) apply core's rules to the stored
 * cart (cart-store.ts) and then ask for a sync (cart-sync.ts).
 */

export { dryRunSync, requestSync } from "./cart-sync.ts";

/** Loads the stored cart and starts syncing; called once by cart-api.ts when the engine loads. */
export async function startCart(): Promise<void> {
  if (store.session.started) return;
  await withLock(STATE_LOCK, refresh);
  // Storage lost (or another browser profile): the cookie still names the server cart.
  if (!store.state.token) {
    const fromCookie = readCartCookie();
    if (fromCookie) {
      store.state.token = fromCookie;
      store.state.syncedHash = null;
    }
  } else writeCartCookie(store.state.token);
  store.session.started = true;
  publish();

  channel?.addEventListener("message", () => {
    void withLock(STATE_LOCK, refresh).then(publish);
  });
  if (typeof window !== "undefined") {
    window.addEventListener("online", () => void requestSync(true));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") void requestSync(true);
    });
  }
  void requestSync().then(syncStock);
}

function syncedCartActive(): boolean {
  return store.session.syncEnabled && globalThis.navigator?.onLine !== false;
}

async function stockOf(product: CartProduct): Promise<StockStatus> {
  try {
    const answer = await cartHttp.stockCheck(product.sku);
    if (answer.code === 200 && answer.result?.status) return answer.result.status;
    if (answer.code === 404) return "out_of_stock";
  } catch (error) {
    if (!(error instanceof Offline)) throw error;
  }
  return product.stock ?? "ok";
}

function toAdd(product: CartProduct, qty: unknown, errors?: Record<string, string>): ProductToAdd {
  const { stock: _status, image, special_price_incl_tax: special, ...fields } = product;
  const onSale = typeof special === "number" && special > 0 && special < product.price_incl_tax;
  return {
    ...fields,
    ...(image ? { image } : {}),
    // The names the microcart reads: what one costs now, and the regular price while on sale.
    final_price_incl_tax: onSale ? special : product.price_incl_tax,
    regular_price_incl_tax: product.price_incl_tax,
    ...(onSale ? { special_price_incl_tax: special } : {}),
    qty,
    ...(errors ? { errors } : {}),
  } as unknown as ProductToAdd;
}

function show(messages: readonly { type: string; message: string }[]) {
  for (const notice of messages) {
    notify({ type: notice.type as "danger", message: t(notice.message) });
  }
}

/** A bundle's option quantities are whole numbers from 1 to 99 (the server cart's limit). */
function bundleQtyValid(product: CartProduct): boolean {
  const options = product.product_option?.extension_attributes.bundle_options ?? [];
  return options.every((o) => Number.isInteger(o.option_qty) && o.option_qty >= 1 && o.option_qty <= 99);
}

const lineCount = (item: CartItem) => ({ key: cartLineKey(item), qty: item.qty });

/** Adding to cart (transactional §4 "Adding to cart"), every product type. */
export async function addToCart(request: AddToCartRequest): Promise<void> {
  const entries = request.grouped
    ? request.grouped
        .filter((child) => parseQty(child.qty) !== 0)
        .map((child) => ({ product: child.product, qty: child.qty as unknown }))
    : [{ product: request.product, qty: (request.qty ?? 1) as unknown }];
  if (entries.length === 0) {
    show([{ type: "danger", message: CART_MESSAGES.invalidQty }]);
    return;
  }
  const invalid = entries.flatMap((e) => [
    ...validateProductForCart(toAdd(e.product, e.qty, request.errors)),
    ...(bundleQtyValid(e.product) ? [] : [CART_MESSAGES.invalidQty]),
  ]);
  if (invalid.length > 0) {
    show([...new Set(invalid)].map((message) => ({ type: "danger", message })));
    return;
  }

  store.session.busy++;
  publish();
  try {
    const decisions: AddDecision[] = [];
    for (const entry of entries) {
      const stock = await stockOf(entry.product);
      decisions.push(
        decideAddToCart(toAdd(entry.product, entry.qty), {
          stock,
          allowOutOfStock: CART_SETTINGS.allowOutOfStock,
        }),
      );
    }
    show(decisions.flatMap((d) => d.notices));
    const items = decisions.flatMap((d) => (d.item ? [d.item] : []));
    if (items.length === 0) return;
    const active = syncedCartActive();
    let refused: string | undefined;
    await change((cart) => {
      refused = cartLimitProblem(cart.items.map(lineCount), items.map(lineCount));
      return refused ? cart : items.reduce(addLine, cart);
    });
    if (refused) {
      show([{ type: "danger", message: refused }]);
      return;
    }
    if (active) for (const item of items) awaitingNotice.add(cartLineKey(item));
    const notice = addedNotice(active);
    if (notice) notify({ type: notice.type, message: t(notice.message) });
  } finally {
    store.session.busy--;
    publish();
  }
  void requestSync();
}

export async function setQuantity(item: CartItem, qty: number): Promise<void> {
  const parsed = parseQty(qty);
  const problem = lineQtyProblem(parsed);
  if (problem || parsed === null) {
    show([{ type: "danger", message: problem ?? CART_MESSAGES.invalidQty }]);
    return;
  }
  await change((cart) => setLineQty(cart, item, parsed));
  if (syncedCartActive()) awaitingNotice.add(cartLineKey(item));
  await requestSync();
}

/** Removes at once; the microcart asked for confirmation. Its tombstone keeps it from coming back. */
export async function removeItem(item: CartItem): Promise<void> {
  await change((cart) => removeLine(cart, item));
  await requestSync();
}

const SERVER_FIELDS = [
  "item_id",
  "server_item_id",
  "server_cart_id",
  "quote_id",
  "prev_qty",
  "totals",
] as const;

/** Edit mode: another size or colour of a line, in its place (the old line leaves with a tombstone). */
export async function reconfigure(
  item: CartItem,
  options: { sku: string; product_option?: ProductOption },
): Promise<void> {
  const next: CartItem = { ...item, sku: options.sku };
  for (const field of SERVER_FIELDS) delete next[field];
  if (options.product_option) next.product_option = options.product_option;
  else delete next.product_option;
  await change((cart) => replaceLine(cart, item, next));
  const described = await describeLines([next]).catch(() => new Map<string, CartItem>());
  const fresh = described.get(cartLineKey(next));
  if (fresh) {
    await withLock(STATE_LOCK, async () => {
      await refresh();
      const key = cartLineKey(next);
      store.state = {
        ...store.state,
        items: store.state.items.map((line) =>
          cartLineKey(line) === key ? withDisplayOf(line, fresh) : line,
        ),
      };
      await save({ cart: true });
      publish();
    });
  }
  await requestSync();
}

/**
 * Coupons (transactional §4): apply, then totals are synced again. Nothing is shown here: the
 * caller says it where the shopper typed the code (the microcart as a field error), so a refusal
 * is heard once.
 */
export async function applyCoupon(code: string): Promise<CouponOutcome> {
  const coupon = code.trim();
  if (!coupon) return "invalid";
  await requestSync();
  const cartId = store.state.token;
  // No server cart (no connection, or sync off): a coupon has nowhere to go.
  if (!cartId) return "offline";
  store.session.busy++;
  publish();
  try {
    const answer = await cartHttp.applyCoupon(cartId, coupon);
    if (answer.code !== 200) return refusedCoupon(answer.meta);
    await syncTotals();
    return "applied";
  } catch {
    return "offline";
  } finally {
    store.session.busy--;
    publish();
  }
}

/** Why the server refused a code, from its `meta.reason`, as far as the shopper is told. */
function refusedCoupon(meta: unknown): CouponOutcome {
  const reason = typeof meta === "object" && meta !== null ? (meta as { reason?: unknown }).reason : null;
  return reason === "expired" || reason === "used-up" || reason === "not-yet-valid" ? reason : "invalid";
}

/** @public: called through the engine `loadCartEngine()` hands out (cart-api.ts), which knip cannot follow. */
export async function removeCoupon(): Promise<void> {
  const cartId = store.state.token;
  if (!cartId) return;
  store.session.busy++;
  publish();
  try {
    await cartHttp.deleteCoupon(cartId);
    await syncTotals();
  } catch {
    notify({ type: "warning", message: t("You are offline. Some features might not be available.") });
  } finally {
    store.session.busy--;
    publish();
  }
}

/**
 * Login (transactional §4 "Session"): the cart connects to the customer's cart, and the guest's
 * lines merge into it by core's rules: a line both carts hold is summed once (mergeQty), a line
 * removed here never comes back (tombstones), so the customer sees one cart on every device.
 * @public: called through the engine cart-api.ts hands out.
 */
export async function attachCustomerCart(): Promise<void> {
  await withLock(STATE_LOCK, async () => {
    await refresh();
    await setToken(null);
    store.session.mergeQty = true;
    store.state.syncedHash = null;
  });
  await requestSync(true);
}

/** Logout clears the cart connection and the lines on this device; the customer's cart stays theirs. @public */
export async function detachCart(): Promise<void> {
  await withLock(STATE_LOCK, async () => {
    await refresh();
    store.state = { ...store.state, items: [], deleted: [], dirty: false, totals: null, syncedHash: null };
    await setToken(null);
    await save({ cart: true });
    publish();
  });
}

/** The token lock gave up (logged out): the cart calls not yet sent are dropped, not sent as a guest. @public */
export async function clearUntransmitted(): Promise<void> {
  await queue.clear();
  publish();
}
