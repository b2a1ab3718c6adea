/**
 * What the checkout and chaos suites share: a small HTTP client (node:http with keep-alive, far
 * less client CPU per request than fetch on a 2-core machine), products of the benchmark's own
 * imported through the admin API (so a shared database's demo stock is never taken), and one
 * shopper's cart-then-order steps as the contract has them.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";

export const BENCH_ADMIN_TOKEN = "etalage-bench-admin-token-0123456789";
const CART = "/api/ext/tritonx/cart";

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface Answer {
  status: number;
  text: string;
}

export function call(
  url: string,
  method: "GET" | "POST",
  body?: string,
  headers: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const all: Record<string, string> = { ...headers };
    if (body !== undefined) {
      all["content-type"] ??= "application/json";
      all["content-length"] = String(Buffer.byteLength(body));
    }
    const req = http.request(url, { method, agent, headers: all, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(body);
  });
}

/** Simple products `<prefix>-0…n-1` at € 50,00 with `qty` managed stock each. */
export async function importBenchProducts(base: string, prefix: string, n: number, qty: number) {
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      type: "product",
      data: {
        id: 9_800_000 + (Date.now() % 10_000) * 100 + i,
        sku: `${prefix}-${i}`,
        name: `Benchmarkschoen ${i}`,
        type_id: "simple",
        status: 1,
        visibility: 4,
        url_key: `${prefix.toLowerCase()}-${i}`,
        url_path: `${prefix.toLowerCase()}-${i}`,
        slug: `${prefix.toLowerCase()}-${i}`,
        price: 41.3223,
        tax_class_id: 2,
        stock: { qty, is_in_stock: true },
        category: [],
        category_ids: [],
      },
    }),
  );
  const res = await call(
    `${base}/api/admin/catalog/import`,
    "POST",
    `${lines.join("\n")}\n`,
    { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, "content-type": "application/x-ndjson" },
    120_000,
  );
  if (res.status !== 200) throw new Error(`import: ${res.status} ${res.text.slice(0, 300)}`);
  return Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
}

/** A new guest cart with one unit of `sku`. */
export async function cartWith(base: string, sku: string): Promise<string> {
  const created = await call(`${base}${CART}/create`, "POST", "{}");
  if (created.status !== 200) throw new Error(`cart create: ${created.status} ${created.text.slice(0, 200)}`);
  const cartId = JSON.parse(created.text).result as string;
  const added = await call(
    `${base}${CART}/update?cartId=${cartId}`,
    "POST",
    JSON.stringify({ cartItem: { sku, qty: 1, quoteId: cartId } }),
  );
  if (added.status !== 200) throw new Error(`cart add: ${added.status} ${added.text.slice(0, 200)}`);
  return cartId;
}

const ADDRESS = {
  firstname: "Jan",
  lastname: "de Vries",
  street: ["Oudegracht 12", ""],
  postcode: "3511AB",
  city: "Utrecht",
  country_id: "NL",
};

/** The contract's order body for a guest's cart, delivered by PostNL. */
export function orderBody(
  cartId: string,
  payment: "cashondelivery" | "ideal",
  email = `bench-${randomUUID()}@example.nl`,
) {
  return JSON.stringify({
    order_id: randomUUID(),
    cart_id: cartId,
    addressInformation: {
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      shipping_carrier_code: "postnl",
      shipping_method_code: "standard",
      payment_method_code: payment,
    },
    personalDetails: { email },
  });
}

export const placeOrder = (base: string, body: string, key: string, timeoutMs?: number) =>
  call(`${base}/api/order`, "POST", body, { "idempotency-key": key }, timeoutMs);

interface Simple {
  sku: string;
  stock?: { qty?: number; is_in_stock?: boolean };
  final_price_incl_tax?: number;
}

async function okJson<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new guest cart holding one simple product with stock to spare; its id. */
export async function filledCart(base: string): Promise<string> {
  const found = await okJson<{ items: Simple[] }>(
    await fetch(`${base}/api/catalog/catalog_nl/product/_search?size=200`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        _appliedFilters: [
          { attribute: "type_id", value: { eq: "simple" }, scope: "default" },
          { attribute: "status", value: { eq: 1 }, scope: "default" },
          { attribute: "visibility", value: { in: [2, 3, 4] }, scope: "default" },
        ],
      }),
    }),
  );
  const product = found.items.find(
    (p) => p.stock?.is_in_stock && (p.stock.qty ?? 0) > 20 && (p.final_price_incl_tax ?? 0) > 10,
  );
  if (!product) throw new Error("no simple product in stock for the checkout cart");
  return cartWith(base, product.sku);
}
