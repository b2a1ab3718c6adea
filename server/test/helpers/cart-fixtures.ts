import { type Product, type ProductOption, textOptionsSelection } from "@etalage/core";
import type { HttpServer, TestServer } from "./test-server.ts";

/** Products of the demo catalogue the cart tests buy, found by what they are, not by name. */
export interface CartFixtures {
  /** A simple product with plenty of managed, certain stock. */
  simple: Product & { sellable: number };
  /** Another, to fill carts. */
  simple2: Product & { sellable: number };
  /** A configurable parent and one of its children in stock. */
  configurable: {
    parent: Product;
    childSku: string;
    sellable: number;
    options: { option_id: string; option_value: string }[];
  };
  bundle: Product;
  grouped: Product;
  giftCard: Product;
  ebook: Product;
  outOfStockSku: string;
  disabledSku: string;
  /** A simple product with little stock (qty − reserved), for the stock limit. */
  scarce: { sku: string; sellable: number };
  /** A sku whose stock count the warehouse is unsure of. */
  volatile: { sku: string; qty: number };
}

/**
 * A gift card's recipient as the cart takes it (issue 14): the card's own text options (name,
 * address, message, in the catalogue's order) filled in.
 */
export function giftCardTo(card: Product, name: string, email: string, message = ""): ProductOption {
  const [nameOption, emailOption, messageOption] = card.custom_options ?? [];
  const values: Record<string, string> = {};
  if (nameOption) values[nameOption.option_id] = name;
  if (emailOption) values[emailOption.option_id] = email;
  if (messageOption) values[messageOption.option_id] = message;
  const option = textOptionsSelection(card.custom_options ?? [], values);
  if (!option) throw new Error(`${card.sku} has no recipient options`);
  return option;
}

type StockRow = {
  sku: string;
  qty: number;
  reserved: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  is_volatile: boolean;
};

export async function cartFixtures(server: TestServer): Promise<CartFixtures> {
  const { rows } = await server.services.database.db.execute<StockRow>(
    "select sku, qty, reserved, is_in_stock, manage_stock, is_volatile from stock order by sku",
  );
  const bySku = new Map(rows.map((r) => [r.sku, r]));
  const sellable = (sku: string) => {
    const r = bySku.get(sku);
    return r?.manage_stock && r.is_in_stock && !r.is_volatile ? r.qty - r.reserved : 0;
  };
  const catalog = server.services.catalog;
  const products = catalog.snapshot().products;
  const simples = products.filter(
    (p) =>
      p.type_id === "simple" && p.status === 1 && (p.final_price_incl_tax ?? 0) > 5 && sellable(p.sku) >= 40,
  );
  const simple = simples[0]!;
  const simple2 = simples.find((p) => p.sku !== simple.sku && (p.final_price_incl_tax ?? 0) > 20)!;
  const parent = products.find(
    (p) =>
      p.type_id === "configurable" &&
      p.status === 1 &&
      (p.configurable_options?.length ?? 0) === 2 &&
      p.configurable_children?.some((c) => sellable(c.sku) >= 5),
  )!;
  const child = parent.configurable_children!.find((c) => sellable(c.sku) >= 5)!;
  const options = parent.configurable_options!.map((o) => ({
    option_id: String(o.attribute_id),
    option_value: String(child[o.attribute_code]),
  }));
  const scarceRow = rows.find(
    (r) =>
      r.manage_stock &&
      r.is_in_stock &&
      !r.is_volatile &&
      r.qty - r.reserved >= 1 &&
      r.qty - r.reserved <= 5 &&
      catalog.productBySku(r.sku)?.type_id === "simple" &&
      catalog.productBySku(r.sku)?.status === 1,
  )!;
  const volatile = rows.find(
    (r) =>
      r.is_volatile &&
      r.is_in_stock &&
      r.qty > 0 &&
      (catalog.productBySku(r.sku)?.status === 1 || catalog.childBySku(r.sku)?.parent.status === 1),
  )!;
  const outOfStock = rows.find(
    (r) => r.manage_stock && !r.is_in_stock && catalog.childBySku(r.sku)?.parent.status === 1,
  )!;
  return {
    simple: { ...simple, sellable: sellable(simple.sku) },
    simple2: { ...simple2, sellable: sellable(simple2.sku) },
    configurable: { parent, childSku: child.sku, sellable: sellable(child.sku), options },
    bundle: products.find((p) => p.type_id === "bundle" && p.status === 1)!,
    grouped: products.find((p) => p.type_id === "grouped" && p.status === 1)!,
    giftCard: products.find((p) => p.type_id === "virtual")!,
    ebook: products.find((p) => p.type_id === "downloadable")!,
    outOfStockSku: outOfStock.sku,
    disabledSku: products.find((p) => p.status !== 1)!.sku,
    scarce: { sku: scarceRow.sku, sellable: scarceRow.qty - scarceRow.reserved },
    volatile: { sku: volatile.sku, qty: volatile.qty - volatile.reserved },
  };
}

/** A small client of the cart API for tests. */
export function cartClient(server: HttpServer) {
  const base = "/api/ext/tritonx/cart";
  const q = (cartId: string, extra = "") => `?cartId=${encodeURIComponent(cartId)}${extra}`;
  const json = async (res: Response) => ({
    status: res.status,
    headers: res.headers,
    body: await res.json(),
  });
  return {
    async create(init?: RequestInit): Promise<string> {
      const res = await server.post(`${base}/create`, {}, init);
      const body = await res.json();
      if (res.status !== 200) throw new Error(`create: ${res.status} ${JSON.stringify(body)}`);
      return body.result;
    },
    pull: (cartId: string, init?: RequestInit) => server.get(`${base}/pull${q(cartId)}`, init).then(json),
    async lines(cartId: string) {
      const res = await server.get(`${base}/pull${q(cartId)}`);
      return (await res.json()).result as {
        item_id: number;
        sku: string;
        qty: number;
        product_option?: unknown;
      }[];
    },
    update: (cartId: string, cartItem: Record<string, unknown>, init?: RequestInit) =>
      server
        .post(`${base}/update${q(cartId)}`, { cartItem: { quoteId: cartId, ...cartItem } }, init)
        .then(json),
    delete: (cartId: string, cartItem: Record<string, unknown>, init?: RequestInit) =>
      server
        .post(`${base}/delete${q(cartId)}`, { cartItem: { quoteId: cartId, ...cartItem } }, init)
        .then(json),
    totals: (cartId: string, init?: RequestInit) => server.get(`${base}/totals${q(cartId)}`, init).then(json),
    paymentMethods: (cartId: string) => server.get(`${base}/payment-methods${q(cartId)}`).then(json),
    shippingMethods: (cartId: string, address: unknown) =>
      server.post(`${base}/shipping-methods${q(cartId)}`, { address }).then(json),
    shippingInformation: (cartId: string, addressInformation: unknown) =>
      server.post(`${base}/shipping-information${q(cartId)}`, { addressInformation }).then(json),
    collectTotals: (cartId: string, body: unknown) =>
      server.post(`${base}/collect-totals${q(cartId)}`, body).then(json),
    applyCoupon: (cartId: string, coupon: string, init?: RequestInit) =>
      server
        .post(`${base}/apply-coupon${q(cartId, `&coupon=${encodeURIComponent(coupon)}`)}`, {}, init)
        .then(json),
    deleteCoupon: (cartId: string) => server.post(`${base}/delete-coupon${q(cartId)}`, {}).then(json),
    applyDiscount: (cartId: string, codes: string[]) =>
      server
        .post(`${base}/apply-tritonx-discount${q(cartId)}`, { discount: codes.map((code) => ({ code })) })
        .then(json),
  };
}
