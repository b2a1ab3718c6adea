/**
 * Reads the catalogue for a snapshot: one query per table. Stock comes from the stock table (what
 * orders decrement), laid over the stock the product documents were imported with; a configurable
 * parent is in stock while an enabled child is.
 */
import {
  type ConfigurableChild,
  type LandingPage,
  type Product,
  type StockInfo,
  sellableStock,
} from "@etalage/core";
import { asc, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { attributes, categories, landingPages, products, redirects, stock, taxRules } from "../db/schema.ts";
import { isEnabledChild } from "./product-values.ts";
import type { CatalogData } from "./snapshot.ts";

type StockRow = typeof stock.$inferSelect;

export async function loadCatalog(db: Db): Promise<CatalogData> {
  const [categoryRows, attributeRows, taxRows, productRows, stockRows, redirectRows, landingRows] =
    // In key order: PostgreSQL returns rows in whatever order its pages hold them (an updated row
    // moves), and ties in ranking, listings and "the first match" must not depend on that.
    await Promise.all([
      db.select({ data: categories.data }).from(categories).orderBy(asc(categories.id)),
      db.select({ data: attributes.data }).from(attributes).orderBy(asc(attributes.attributeId)),
      db.select({ data: taxRules.data }).from(taxRules).orderBy(asc(taxRules.id)),
      db
        .select({ data: products.data })
        .from(products)
        .where(isNull(products.parentId))
        .orderBy(asc(products.id)),
      db.select().from(stock),
      db.select().from(redirects).orderBy(asc(redirects.id)),
      db.select({ data: landingPages.data }).from(landingPages).orderBy(asc(landingPages.id)),
    ]);
  const stockBySku = new Map(stockRows.map((row) => [row.sku, row]));
  return {
    categories: categoryRows.map((r) => r.data),
    attributes: attributeRows.map((r) => r.data),
    taxRules: taxRows.map((r) => r.data),
    products: productRows.map((r) => withStock(r.data as Product, stockBySku)),
    redirects: redirectRows.map((r) => ({
      id: r.id,
      request_path: r.requestPath,
      target_path: r.targetPath,
      redirect_type: r.redirectType === 302 ? 302 : 301,
    })),
    landingPages: landingRows.map((r) => r.data as LandingPage),
  };
}

function level(row: StockRow, productId: number): StockInfo {
  return {
    product_id: productId,
    sku: row.sku,
    ...sellableStock(row),
    ...(row.isVolatile ? { is_volatile: true } : {}),
  };
}

function withStock(product: Product, stockBySku: Map<string, StockRow>): Product {
  const own = stockBySku.get(product.sku);
  const children = product.configurable_children?.map((child): ConfigurableChild => {
    const row = stockBySku.get(child.sku);
    return row ? { ...child, stock: level(row, child.id) } : child;
  });
  if (!children || children.length === 0)
    return own ? { ...product, stock: level(own, product.id) } : product;
  const enabled = children.filter(isEnabledChild);
  return {
    ...product,
    configurable_children: children,
    stock: {
      product_id: product.id,
      sku: product.sku,
      qty: enabled.reduce((sum, c) => sum + (c.stock?.qty ?? 0), 0),
      is_in_stock: enabled.some((c) => c.stock?.is_in_stock === true),
      manage_stock: true,
    },
  };
}
