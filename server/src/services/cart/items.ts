import {
  CART_MESSAGES,
  type CartItemDelete,
  type CartItemUpdate,
  cartLimitProblem,
  productOptionChecksum,
  type ServerCartItem,
} from "@etalage/core";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartItems, carts, stock } from "../../db/schema.ts";
import { type CartCatalog, resolveSellable, type SellableLine } from "./catalog-lines.ts";
import { type CartResult, fail, success } from "./errors.ts";
import { type CartCaller, type CartRow, checkAccess, lockCart, newCartId } from "./owner.ts";
import { cartWrite, type WriteAnswer } from "./write.ts";

export type CartItemRow = typeof cartItems.$inferSelect;

const ITEM = "body.cartItem";

function serverItem(row: CartItemRow): ServerCartItem {
  const item: ServerCartItem = {
    item_id: row.id,
    quote_id: row.cartId,
    sku: row.sku,
    qty: row.qty,
    product_type: row.productType,
  };
  if (row.productOption) item.product_option = row.productOption;
  return item;
}

/**
 * `POST /create`: a new guest cart, or the customer's active cart (made when there is none).
 * The partial unique index on active customer carts settles two concurrent creates.
 */
export async function createCart(db: Db, caller: CartCaller): Promise<string> {
  if (caller.kind === "guest") {
    const [row] = await db.insert(carts).values({ id: newCartId() }).returning({ id: carts.id });
    return row!.id;
  }
  const mine = () =>
    db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.customerId, caller.customerId), eq(carts.isActive, true)));
  const [existing] = await mine();
  if (existing) return existing.id;
  const [made] = await db
    .insert(carts)
    .values({ id: newCartId(), customerId: caller.customerId })
    .onConflictDoNothing()
    .returning({ id: carts.id });
  return made?.id ?? (await mine())[0]!.id;
}

export async function cartLines(db: Db, cartId: string): Promise<CartItemRow[]> {
  return db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.id));
}

/** A cart and its lines in one round trip (reads: pull, totals, methods). */
export async function findCartWithLines(
  db: Db,
  cartId: string,
  caller: CartCaller,
): Promise<CartResult<{ cart: CartRow; lines: CartItemRow[] }>> {
  const rows = await db
    .select({ cart: carts, line: cartItems })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(eq(carts.id, cartId))
    .orderBy(asc(cartItems.id));
  const cart = checkAccess(rows[0]?.cart, caller);
  if (!cart.ok) return cart;
  return success({ cart: cart.value, lines: rows.flatMap((r) => (r.line ? [r.line] : [])) });
}

export async function pullCart(
  db: Db,
  caller: CartCaller,
  cartId: string,
): Promise<CartResult<ServerCartItem[]>> {
  const found = await findCartWithLines(db, cartId, caller);
  if (!found.ok) return found;
  return success(found.value.lines.map(serverItem));
}

/**
 * Stock for a cart whose line `changed` is about to hold `qty`: every sku the cart would take,
 * summed over all its lines (a bundle's socks and loose socks share one shelf), must be sellable
 * (quantity less reservations) where stock is managed. Volatile stock is not capped: such a line
 * is a pre-reservation (transactional §8).
 */
function checkStock(
  catalog: CartCatalog,
  lines: readonly CartItemRow[],
  stockRows: readonly StockRow[],
  changed: { id?: number; line: SellableLine; qty: number },
): CartResult<true> {
  const need = new Map<string, number>();
  const add = (sku: string, qty: number) => need.set(sku, (need.get(sku) ?? 0) + qty);
  for (const part of changed.line.stock) add(part.sku, part.qty * changed.qty);
  const skus = new Set(changed.line.stock.map((p) => p.sku));
  for (const row of lines) {
    if (row.id === changed.id) continue;
    const other = resolveSellable(catalog, row.sku, row.productOption, "line");
    if (!other.ok) continue;
    for (const part of other.value.stock) if (skus.has(part.sku)) add(part.sku, part.qty * row.qty);
  }
  for (const row of stockRows) {
    if (!skus.has(row.sku) || !row.manage_stock || row.is_volatile) continue;
    const sellable = Math.max(0, row.qty - row.reserved);
    if (!row.is_in_stock || sellable === 0) {
      return fail(400, CART_MESSAGES.outOfStock, `${ITEM}.qty`, { sku: row.sku, available: 0 });
    }
    const wanted = need.get(row.sku) ?? 0;
    if (wanted > sellable) {
      return fail(400, "The requested qty is not available", `${ITEM}.qty`, {
        sku: row.sku,
        available: sellable,
      });
    }
  }
  return success(true);
}

/** Stock as the update path reads it (snake_case: it comes back as JSON). */
interface StockRow {
  sku: string;
  qty: number;
  reserved: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  is_volatile: boolean;
}

interface LineJson {
  id: number;
  cart_id: string;
  sku: string;
  checksum: string;
  qty: number;
  product_option: CartItemRow["productOption"];
  product_type: CartItemRow["productType"];
  parent_sku: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The update path's lock: the cart's row lock, then one statement reading its lines and the
 * stock of `skus` (a write's latency is mostly round trips). The read must come after the lock:
 * under READ COMMITTED a statement that waited for the lock still reads its older snapshot.
 */
function lockWithLinesAndStock(skus: readonly string[]) {
  return async (
    tx: Db,
    cartId: string,
    caller: CartCaller,
  ): Promise<CartResult<{ cart: CartRow; lines: CartItemRow[]; stock: StockRow[] }>> => {
    const cart = await lockCart(tx, cartId, caller);
    if (!cart.ok) return cart;
    const { rows } = await tx.execute<{ lines: LineJson[]; stock: StockRow[] }>(sql`select
      (select coalesce(json_agg(i order by i.id), '[]'::json) from ${cartItems} i where i.cart_id = ${cartId}) as lines,
      (select coalesce(json_agg(s), '[]'::json) from ${stock} s where s.sku in ${skus}) as stock`);
    const read = rows[0]!;
    return success({ cart: cart.value, lines: read.lines.map(lineFromJson), stock: read.stock });
  };
}

function lineFromJson(line: LineJson): CartItemRow {
  return {
    id: line.id,
    cartId: line.cart_id,
    sku: line.sku,
    checksum: line.checksum,
    qty: line.qty,
    productOption: line.product_option,
    productType: line.product_type,
    parentSku: line.parent_sku,
    createdAt: new Date(line.created_at),
    updatedAt: new Date(line.updated_at),
  };
}

export interface UpdateRequest {
  cartId: string;
  caller: CartCaller;
  cartItem: CartItemUpdate;
  idempotencyKey?: string;
}

/**
 * `POST /update`: with item_id the line is set to qty; without, the same sku and options add qty
 * to their line (or start it). Prices and options are checked against the catalogue first.
 */
export async function updateItem(
  db: Db,
  catalog: CartCatalog,
  request: UpdateRequest,
): Promise<CartResult<WriteAnswer>> {
  const { cartId, cartItem: item } = request;
  if (item.quoteId !== cartId) return fail(400, "does not match querystring.cartId", `${ITEM}.quoteId`);
  const sellable = resolveSellable(catalog, item.sku, item.product_option, ITEM);
  if (!sellable.ok) return sellable;
  const checksum = productOptionChecksum(item.product_option);
  // A configurable's parent sku with options is stored under its variant's sku, as the client's line is.
  const { sku } = sellable.value;

  const stockSkus = [...new Set(sellable.value.stock.map((p) => p.sku))];
  return cartWrite(
    db,
    writeContext(request, "update", item),
    async (tx, _cart, { lines, stock: stockRows }) => {
      let line: CartItemRow | undefined;
      let qty: number;
      if (item.item_id !== undefined) {
        line = lines.find((l) => l.id === item.item_id);
        if (!line) return fail(404, `Cart item not found: ${item.item_id}`, `${ITEM}.item_id`);
        if (line.sku !== sku)
          return fail(400, `item ${line.id} holds ${line.sku}, not ${sku}`, `${ITEM}.sku`);
        if (item.product_option !== undefined && line.checksum !== checksum) {
          return fail(
            400,
            `differs from the options of item ${line.id}: remove it and add the new choice`,
            `${ITEM}.product_option`,
          );
        }
        qty = item.qty;
      } else {
        line = lines.find((l) => l.sku === sku && l.checksum === checksum);
        qty = (line?.qty ?? 0) + item.qty;
        const problem = cartLimitProblem(
          lines.map((l) => ({ key: `${l.sku}\0${l.checksum}`, qty: l.qty })),
          [{ key: `${sku}\0${checksum}`, qty: item.qty }],
        );
        if (problem) return fail(409, problem, problem === CART_MESSAGES.qtyTooHigh ? `${ITEM}.qty` : ITEM);
      }
      if (!line || qty > line.qty) {
        const stocked = checkStock(catalog, lines, stockRows, { id: line?.id, line: sellable.value, qty });
        if (!stocked.ok) return stocked;
      }

      const now = new Date();
      if (line) {
        const [row] = await tx
          .update(cartItems)
          .set({ qty, updatedAt: now })
          .where(eq(cartItems.id, line.id))
          .returning();
        return success(serverItem(row!));
      }
      // The cart row is locked, so no other writer can start this line meanwhile; the upsert is
      // the unique index's second line of defence, and adds rather than duplicates.
      const [row] = await tx
        .insert(cartItems)
        .values({
          cartId,
          sku,
          checksum,
          qty: item.qty,
          productOption: item.product_option ?? null,
          productType: sellable.value.productType,
          parentSku: sellable.value.parentSku,
        })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.sku, cartItems.checksum],
          set: { qty: sql`${cartItems.qty} + excluded.qty`, updatedAt: now },
        })
        .returning();
      return success(serverItem(row!));
    },
    lockWithLinesAndStock(stockSkus),
  );
}

export interface DeleteRequest {
  cartId: string;
  caller: CartCaller;
  cartItem: CartItemDelete;
  idempotencyKey?: string;
}

/** `POST /delete`: removes the line item_id, which must hold that sku. */
export async function deleteItem(db: Db, request: DeleteRequest): Promise<CartResult<WriteAnswer>> {
  const { cartId, cartItem: item } = request;
  if (item.quoteId !== cartId) return fail(400, "does not match querystring.cartId", `${ITEM}.quoteId`);
  return cartWrite(db, writeContext(request, "delete", item), async (tx) => {
    const [line] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.id, item.item_id), eq(cartItems.cartId, cartId)));
    if (!line) return fail(404, `Cart item not found: ${item.item_id}`, `${ITEM}.item_id`);
    if (line.sku !== item.sku)
      return fail(400, `item ${line.id} holds ${line.sku}, not ${item.sku}`, `${ITEM}.sku`);
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    return success(true);
  });
}

export function writeContext(
  request: { cartId: string; caller: CartCaller; idempotencyKey?: string },
  operation: string,
  body: unknown,
) {
  return {
    cartId: request.cartId,
    caller: request.caller,
    operation,
    ...(request.idempotencyKey ? { idempotency: { key: request.idempotencyKey, request: body } } : {}),
  };
}
