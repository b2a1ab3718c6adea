import type { CatalogRecord, ConfigurableChild, Product, StockInfo } from "@etalage/core";
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { attributes, categories, landingPages, products, redirects, stock, taxRules } from "../db/schema.ts";

export interface ImportSummary {
  categories: number;
  attributes: number;
  taxrules: number;
  products: number;
  children: number;
  redirects: number;
  landing_pages: number;
}

const BATCH = 500;

/**
 * Writes catalogue records in one transaction: all or nothing. Every write is an upsert keyed by
 * id (products also by sku through the unique index), so importing the same file twice changes
 * nothing the second time.
 */
export async function importCatalog(db: Db, records: readonly CatalogRecord[]): Promise<ImportSummary> {
  const summary: ImportSummary = {
    categories: 0,
    attributes: 0,
    taxrules: 0,
    products: 0,
    children: 0,
    redirects: 0,
    landing_pages: 0,
  };
  const rows = {
    categories: [] as (typeof categories.$inferInsert)[],
    attributes: [] as (typeof attributes.$inferInsert)[],
    taxRules: [] as (typeof taxRules.$inferInsert)[],
    products: [] as (typeof products.$inferInsert)[],
    stock: [] as (typeof stock.$inferInsert)[],
    redirects: [] as (typeof redirects.$inferInsert)[],
    landingPages: [] as (typeof landingPages.$inferInsert)[],
  };

  for (const record of records) {
    switch (record.type) {
      case "category": {
        const c = record.data;
        rows.categories.push({ id: c.id, parentId: c.parent_id, position: c.position, urlPath: c.url_path, data: c });
        summary.categories++;
        break;
      }
      case "attribute": {
        const a = record.data;
        rows.attributes.push({ attributeId: a.attribute_id, attributeCode: a.attribute_code, data: a });
        summary.attributes++;
        break;
      }
      case "taxrule":
        rows.taxRules.push({ id: record.data.id, data: record.data });
        summary.taxrules++;
        break;
      case "product": {
        const p = record.data;
        rows.products.push(productRow(p));
        rows.stock.push(stockRow(p.id, p.sku, p.stock));
        summary.products++;
        for (const child of p.configurable_children ?? []) {
          rows.products.push(childRow(p, child));
          rows.stock.push(stockRow(child.id, child.sku, child.stock));
          summary.children++;
        }
        break;
      }
      case "redirect": {
        const r = record.data;
        rows.redirects.push({
          id: r.id,
          requestPath: r.request_path,
          targetPath: r.target_path,
          redirectType: r.redirect_type,
        });
        summary.redirects++;
        break;
      }
      case "landing_page": {
        const l = record.data;
        rows.landingPages.push({ id: l.id, urlPath: l.url_path, categoryId: l.category_id, data: l });
        summary.landing_pages++;
        break;
      }
    }
  }

  await db.transaction(async (tx) => {
    await upsert(tx as unknown as Db, taxRules, rows.taxRules, taxRules.id);
    await upsert(tx as unknown as Db, attributes, rows.attributes, attributes.attributeId);
    await upsert(tx as unknown as Db, categories, rows.categories, categories.id);
    await upsert(tx as unknown as Db, products, rows.products, products.id);
    await upsert(tx as unknown as Db, stock, rows.stock, stock.sku);
    await upsert(tx as unknown as Db, redirects, rows.redirects, redirects.id);
    await upsert(tx as unknown as Db, landingPages, rows.landingPages, landingPages.id);
  });
  return summary;
}

function productRow(p: Product): typeof products.$inferInsert {
  return {
    id: p.id,
    sku: p.sku,
    parentId: null,
    typeId: p.type_id,
    status: p.status,
    visibility: p.visibility,
    urlPath: p.url_path,
    data: p,
  };
}

function childRow(parent: Product, child: ConfigurableChild): typeof products.$inferInsert {
  return {
    id: child.id,
    sku: child.sku,
    parentId: parent.id,
    typeId: "simple",
    status: child.status,
    visibility: 1,
    urlPath: typeof child.url_path === "string" ? child.url_path : null,
    data: { ...child, parentSku: parent.sku, parentId: parent.id },
  };
}

function stockRow(productId: number, sku: string, s: StockInfo | undefined): typeof stock.$inferInsert {
  return {
    sku,
    productId,
    qty: s?.qty ?? 0,
    isInStock: s?.is_in_stock ?? false,
    manageStock: s?.manage_stock ?? true,
    isVolatile: s?.is_volatile ?? false,
  };
}

/** Insert in batches; on a key conflict every column takes the incoming value. */
async function upsert<T extends PgTable>(
  db: Db,
  table: T,
  values: T["$inferInsert"][],
  target: Parameters<ReturnType<ReturnType<Db["insert"]>["values"]>["onConflictDoUpdate"]>[0]["target"],
) {
  if (values.length === 0) return;
  const columns = getTableColumns(table);
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(columns)) {
    set[key] = key === "updatedAt" ? sql`now()` : sql.raw(`excluded."${column.name}"`);
  }
  for (let i = 0; i < values.length; i += BATCH) {
    await db
      .insert(table)
      .values(values.slice(i, i + BATCH))
      .onConflictDoUpdate({ target, set });
  }
}
