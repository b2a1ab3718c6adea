import type { Product } from "@etalage/core";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attributes, categories, landingPages, products, redirects } from "../../db/schema.ts";
import type { ImportIssue, LineRecord } from "./issues.ts";

/**
 * Checks across records: what a single line cannot know. Within the file: duplicate keys.
 * Against file and database together: links to skus, category parents and category references
 * that exist in neither, and keys the database already gives to another id (which would
 * otherwise fail the write half-way with a constraint error).
 */

/** Magento's tree root (id 1) is not a category record; the store's root category hangs under it. */
const TREE_ROOT = 1;
/** Bound query parameters per statement, well under PostgreSQL's 65535. */
const CHUNK = 5_000;

interface Site {
  line: number;
  path: string;
}

/** A unique key the file gives to the record with this id. */
interface Owned extends Site {
  id: number;
}

interface Reference extends Site {
  key: number | string;
}

/** Keys the file defines and the references it makes, gathered in one pass. */
export interface FileKeys {
  productSkus: Map<string, Owned>;
  productIds: Set<number>;
  categoryIds: Set<number>;
  attributeCodes: Map<string, Owned>;
  redirectPaths: Map<string, Owned>;
  landingPaths: Map<string, Owned>;
  skuLinks: Reference[];
  categoryRefs: Reference[];
}

export function checkWithinFile(records: readonly LineRecord[]): { issues: ImportIssue[]; keys: FileKeys } {
  const issues: ImportIssue[] = [];
  const keys: FileKeys = {
    productSkus: new Map(),
    productIds: new Set(),
    categoryIds: new Set(),
    attributeCodes: new Map(),
    redirectPaths: new Map(),
    landingPaths: new Map(),
    skuLinks: [],
    categoryRefs: [],
  };
  const seen = new Map<string, Site>();
  /** Records `value` under `kind`; a second record with the same key is reported. */
  const unique = (kind: string, value: string | number, site: Site) => {
    const key = `${kind}\u0000${value}`;
    const first = seen.get(key);
    if (first) issues.push({ ...site, message: `duplicate ${kind} ${value} (also on line ${first.line})` });
    else seen.set(key, site);
  };
  // Products and categories share the URL space: one url_path must resolve to one page.
  const uniqueUrl = (value: string, site: Site) => unique("url_path", value, site);

  for (const { line, record } of records) {
    const at = (path: string): Site => ({ line, path: `data.${path}` });
    switch (record.type) {
      case "product": {
        const p = record.data;
        const items = [
          { item: p, prefix: "" },
          ...(p.configurable_children ?? []).map((item, i) => ({
            item,
            prefix: `configurable_children[${i}].`,
          })),
        ];
        for (const { item, prefix } of items) {
          unique("sku", item.sku, at(`${prefix}sku`));
          unique("product id", item.id, at(`${prefix}id`));
          if (typeof item.url_path === "string") uniqueUrl(item.url_path, at(`${prefix}url_path`));
          keys.productSkus.set(item.sku, { ...at(`${prefix}sku`), id: item.id });
          keys.productIds.add(item.id);
        }
        collectProductReferences(p, at, keys);
        break;
      }
      case "category": {
        const c = record.data;
        unique("category id", c.id, at("id"));
        if (c.url_path !== "") uniqueUrl(c.url_path, at("url_path"));
        keys.categoryIds.add(c.id);
        if (c.parent_id > TREE_ROOT) keys.categoryRefs.push({ ...at("parent_id"), key: c.parent_id });
        break;
      }
      case "attribute":
        unique("attribute id", record.data.attribute_id, at("attribute_id"));
        unique("attribute_code", record.data.attribute_code, at("attribute_code"));
        keys.attributeCodes.set(record.data.attribute_code, {
          ...at("attribute_code"),
          id: record.data.attribute_id,
        });
        break;
      case "taxrule":
        unique("tax rule id", record.data.id, at("id"));
        break;
      case "redirect":
        unique("redirect id", record.data.id, at("id"));
        unique("request_path", record.data.request_path, at("request_path"));
        keys.redirectPaths.set(record.data.request_path, { ...at("request_path"), id: record.data.id });
        break;
      case "landing_page":
        unique("landing page id", record.data.id, at("id"));
        unique("landing page url_path", record.data.url_path, at("url_path"));
        keys.landingPaths.set(record.data.url_path, { ...at("url_path"), id: record.data.id });
        keys.categoryRefs.push({ ...at("category_id"), key: record.data.category_id });
        break;
    }
  }
  return { issues, keys };
}

function collectProductReferences(p: Product, at: (path: string) => Site, keys: FileKeys) {
  p.product_links?.forEach((link, i) => {
    keys.skuLinks.push({ ...at(`product_links[${i}].linked_product_sku`), key: link.linked_product_sku });
  });
  p.bundle_options?.forEach((option, o) => {
    option.product_links.forEach((link, i) => {
      const path = `bundle_options[${o}].product_links[${i}].linked_product_sku`;
      keys.skuLinks.push({ ...at(path), key: link.linked_product_sku });
    });
  });
  p.category_ids.forEach((id, i) => {
    keys.categoryRefs.push({ ...at(`category_ids[${i}]`), key: id });
  });
  p.category.forEach((c, i) => {
    keys.categoryRefs.push({ ...at(`category[${i}].category_id`), key: c.category_id });
  });
}

/** The database half of the checks; run inside the import's transaction so it sees what the write will. */
export async function checkAgainstDatabase(db: Db, keys: FileKeys): Promise<ImportIssue[]> {
  const issues: ImportIssue[] = [];

  const linked = unresolved(keys.skuLinks, (sku) => keys.productSkus.has(sku as string));
  const knownSkus = await lookup(linked as string[], (chunk) =>
    db.select({ key: products.sku }).from(products).where(inArray(products.sku, chunk)),
  );
  for (const ref of keys.skuLinks) {
    if (keys.productSkus.has(ref.key as string) || knownSkus.has(ref.key)) continue;
    issues.push({
      line: ref.line,
      path: ref.path,
      message: `links to sku ${ref.key}, which is neither in the file nor in the catalogue`,
    });
  }

  const referenced = unresolved(keys.categoryRefs, (id) => keys.categoryIds.has(id as number));
  const knownCategories = await lookup(referenced as number[], (chunk) =>
    db.select({ key: categories.id }).from(categories).where(inArray(categories.id, chunk)),
  );
  for (const ref of keys.categoryRefs) {
    if (keys.categoryIds.has(ref.key as number) || knownCategories.has(ref.key)) continue;
    issues.push({
      line: ref.line,
      path: ref.path,
      message: `category ${ref.key} is neither in the file nor in the catalogue`,
    });
  }

  // A key the database already gives to another id would break a unique index mid-write.
  await clash(issues, "product", keys.productSkus, (chunk) =>
    db.select({ key: products.sku, id: products.id }).from(products).where(inArray(products.sku, chunk)),
  );
  await clash(issues, "attribute", keys.attributeCodes, (chunk) =>
    db
      .select({ key: attributes.attributeCode, id: attributes.attributeId })
      .from(attributes)
      .where(inArray(attributes.attributeCode, chunk)),
  );
  await clash(issues, "redirect", keys.redirectPaths, (chunk) =>
    db
      .select({ key: redirects.requestPath, id: redirects.id })
      .from(redirects)
      .where(inArray(redirects.requestPath, chunk)),
  );
  await clash(issues, "landing page", keys.landingPaths, (chunk) =>
    db
      .select({ key: landingPages.urlPath, id: landingPages.id })
      .from(landingPages)
      .where(inArray(landingPages.urlPath, chunk)),
  );
  return issues;
}

function unresolved(refs: readonly Reference[], inFile: (key: number | string) => boolean) {
  return [...new Set(refs.map((r) => r.key).filter((key) => !inFile(key)))];
}

async function lookup<K extends string | number>(
  values: K[],
  query: (chunk: K[]) => Promise<{ key: K }[]>,
): Promise<Set<number | string>> {
  const found = new Set<number | string>();
  for (let i = 0; i < values.length; i += CHUNK) {
    for (const row of await query(values.slice(i, i + CHUNK))) found.add(row.key);
  }
  return found;
}

async function clash(
  issues: ImportIssue[],
  entity: string,
  owned: Map<string, Owned>,
  query: (chunk: string[]) => Promise<{ key: string; id: number }[]>,
) {
  const list = [...owned.keys()];
  for (let i = 0; i < list.length; i += CHUNK) {
    for (const row of await query(list.slice(i, i + CHUNK))) {
      const site = owned.get(row.key);
      if (site && site.id !== row.id) {
        issues.push({
          line: site.line,
          path: site.path,
          message: `${row.key} already belongs to ${entity} ${row.id} in the catalogue`,
        });
      }
    }
  }
}
