import { type Product, type ServerCartItem, STORE, type StockStatus } from "@etalage/core";
import { fetchAsCustomer } from "../../session/customer-fetch.ts";

/**
 * The cart's reads of the /api contract (contract "Cart", "Catalogue", stock). Writes go through
 * the task queue (cart-engine.ts). A network failure throws `Offline`; an answer is returned
 * whatever its status, as `{ code, result }`.
 */
export const CART_API = "/api/ext/tritonx/cart";

export class Offline extends Error {
  constructor() {
    super("offline");
    this.name = "Offline";
  }
}

export interface Answer<T> {
  code: number;
  result: T;
  /** The envelope's details of a refusal, such as a coupon's `reason`. */
  meta?: unknown;
}

async function call<T>(url: string, init?: RequestInit): Promise<Answer<T>> {
  let response: Response;
  try {
    // A JSON content type only with a body: Fastify refuses an empty JSON body.
    const headers =
      init?.body === undefined ? init?.headers : { "content-type": "application/json", ...init.headers };
    response = await fetchAsCustomer(url, { ...init, ...(headers ? { headers } : {}) });
  } catch {
    throw new Offline();
  }
  if (response.status >= 500) throw new Offline();
  const body = (await response.json().catch(() => null)) as {
    code?: number;
    result?: T;
    meta?: unknown;
  } | null;
  return { code: body?.code ?? response.status, result: body?.result as T, meta: body?.meta };
}

const q = (cartId: string) => `cartId=${encodeURIComponent(cartId)}`;

export const cartHttp = {
  create: () => call<string>(`${CART_API}/create`, { method: "POST" }),
  pull: (cartId: string) => call<ServerCartItem[]>(`${CART_API}/pull?${q(cartId)}`),
  totals: (cartId: string) => call<ServerTotals>(`${CART_API}/totals?${q(cartId)}`),
  applyCoupon: (cartId: string, coupon: string) =>
    call<unknown>(`${CART_API}/apply-coupon?${q(cartId)}&coupon=${encodeURIComponent(coupon)}`, {
      method: "POST",
    }),
  deleteCoupon: (cartId: string) =>
    call<unknown>(`${CART_API}/delete-coupon?${q(cartId)}`, { method: "POST" }),
  stockCheck: (sku: string) =>
    call<{ status: StockStatus; is_in_stock: boolean }>(`/api/stock/check?sku=${encodeURIComponent(sku)}`),
  stockList: (skus: readonly string[]) =>
    call<{ sku: string; is_in_stock: boolean; status: StockStatus }[]>(
      `/api/stock/list?skus=${skus.map(encodeURIComponent).join(",")}`,
    ),
  /**
   * Products holding these skus, as their own sku or a configurable child's. The catalogue's
   * `sku` filter matches only a product's own sku, so a child's parent is asked for by
   * `configurable_children.sku`, alongside (issue 14: an edited line kept the old picture).
   */
  async products(skus: readonly string[]): Promise<Product[]> {
    const params = new URLSearchParams({ size: String(skus.length * 2) });
    const search = async (attribute: string): Promise<Product[]> => {
      const body = { _appliedFilters: [{ attribute, value: { in: skus }, scope: "default" }] };
      let response: Response;
      try {
        response = await fetch(`/api/catalog/${STORE.catalogIndex}/product/_search?${params}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      } catch {
        throw new Offline();
      }
      if (!response.ok) return [];
      return ((await response.json()) as { items?: Product[] }).items ?? [];
    };
    const [own, parents] = await Promise.all([search("sku"), search("configurable_children.sku")]);
    const bySku = new Map([...own, ...parents].map((p) => [p.sku, p]));
    return [...bySku.values()];
  },
};

export interface ServerTotals {
  grand_total: number;
  subtotal_incl_tax: number;
  discount_amount: number;
  shipping_incl_tax?: number;
  coupon_code: string | null;
  items: {
    item_id: number;
    sku: string;
    name: string;
    qty: number;
    price_incl_tax: number;
    row_total_incl_tax: number;
    discount_amount: number;
    options: { label: string; value: string }[];
  }[];
  total_segments: { code: string; title: string; value: number }[];
  extension_attributes?: { free_shipping?: { threshold: number; remaining: number } };
}
