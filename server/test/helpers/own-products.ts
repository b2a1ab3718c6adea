import type { HttpServer } from "./test-server.ts";

/**
 * Simple products a test file imports for itself through the admin API, so that its orders take
 * their own stock: on PostgreSQL every test file shares one database, and the demo stock is what
 * the cart fixtures count on (helpers/cart-fixtures.ts).
 */
export async function importOwnProducts(
  server: HttpServer,
  adminToken: string,
  products: { id: number; sku: string; name: string; qty: number; price?: number }[],
): Promise<void> {
  const lines = products.map(({ id, sku, name, qty, price = 41.3223 }) => {
    const key = sku.toLowerCase();
    return JSON.stringify({
      type: "product",
      data: {
        id,
        sku,
        name,
        type_id: "simple",
        status: 1,
        visibility: 4,
        url_key: key,
        url_path: key,
        slug: key,
        price,
        tax_class_id: 2,
        stock: { qty, is_in_stock: qty > 0 },
        category: [],
        category_ids: [],
      },
    });
  });
  const res = await server.post("/api/admin/catalog/import", `${lines.join("\n")}\n`, {
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/x-ndjson" },
  });
  if (res.status !== 200) throw new Error(`import: ${res.status} ${await res.text()}`);
}
