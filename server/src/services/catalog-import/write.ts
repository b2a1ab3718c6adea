import type { CatalogRecord, ConfigurableChild, Product, StockInfo } from "@etalage/core";
import { and, getTableColumns, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import {
  attributes,
  categories,
  landingPages,
  products,
  redirects,
  stock,
  taxRules,
} from "../../db/schema.ts";

export interface ImportSummary {
  categories: number;
  attributes: number;
  taxrules: number;
  products: number;
  children: number;
  redirects: number;
  landing_pages: number;
  /** Children a re-imported product no longer has, removed with their stock rows. */
  removed_children: number;
}

const BATCH = 500;

/**
 * Writes validated records; the caller holds the transaction. Every write is an upsert keyed by
 * id (stock by sku), so the same file imported twice leaves the same rows.
 */
export async function writeRecords(tx: Db, records: readonly CatalogRecord[]): Promise<ImportSummary> {
  const summary: ImportSummary = {
    categories: 0,
    attributes: 0,
    taxrules: 0,
    products: 0,
    children: 0,
    redirects: 0,
    landing_pages: 0,
    removed_children: 0,
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
  const parents: Product[] = [];

  for (const record of records) {
    switch (record.type) {
      case "category": {
        const c = record.data;
        rows.categories.push({
          id: c.id,
          parentId: c.parent_id,
          position: c.position,
          urlPath: c.url_path,
          data: c,
        });
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
        parents.push(p);
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

  await upsert(tx, taxRules, rows.taxRules, taxRules.id);
  await upsert(tx, attributes, rows.attributes, attributes.attributeId);
  await upsert(tx, categories, rows.categories, categories.id);
  summary.removed_children = await removeDroppedChildren(tx, parents);
  await upsert(tx, products, rows.products, products.id);
  // Reservations belong to open orders, not to the feed: a re-import must not release them.
  await upsert(tx, stock, rows.stock, stock.sku, ["reserved"]);
  await upsert(tx, redirects, rows.redirects, redirects.id);
  await upsert(tx, landingPages, rows.landingPages, landingPages.id);
  return summary;
}

/** A product in the file is whole: children it no longer lists stop being sellable skus. */
async function removeDroppedChildren(tx: Db, parents: readonly Product[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < parents.length; i += BATCH) {
    const batch = parents.slice(i, i + BATCH);
    const keep = batch.flatMap((p) => (p.configurable_children ?? []).map((c) => c.id));
    const parentIds = inArray(
      products.parentId,
      batch.map((p) => p.id),
    );
    const gone = await tx
      .delete(products)
      .where(keep.length ? and(parentIds, notInArray(products.id, keep)) : parentIds)
      .returning({ sku: products.sku });
    if (gone.length === 0) continue;
    removed += gone.length;
    await tx.delete(stock).where(
      inArray(
        stock.sku,
        gone.map((g) => g.sku),
      ),
    );
  }
  return removed;
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

/** Insert in batches; on a key conflict every column takes the incoming value, except `keep`. */
async function upsert<T extends PgTable>(
  db: Db,
  table: T,
  values: T["$inferInsert"][],
  target: Parameters<ReturnType<ReturnType<Db["insert"]>["values"]>["onConflictDoUpdate"]>[0]["target"],
  keep: readonly string[] = [],
) {
  if (values.length === 0) return;
  const columns = getTableColumns(table);
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(columns)) {
    if (keep.includes(key)) continue;
    set[key] = key === "updatedAt" ? sql`now()` : sql.raw(`excluded."${column.name}"`);
  }
  for (let i = 0; i < values.length; i += BATCH) {
    await db
      .insert(table)
      .values(values.slice(i, i + BATCH))
      .onConflictDoUpdate({ target, set });
  }
}
