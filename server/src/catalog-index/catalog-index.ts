import type { Category, Product } from "@etalage/core";
import { STORE } from "@etalage/core";
import { asc, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categories, products } from "../db/schema.ts";

export interface IndexStatus {
  ready: boolean;
  products: number;
  categories: number;
}

/**
 * The in-process catalogue read path (ARCHITECTURE "Data"): built from the database at start,
 * rebuilt whole on change. Lookups here are plain maps; filters, facets and text search grow on
 * top of the same snapshot.
 */
export class CatalogIndex {
  private snapshot: Snapshot | undefined;

  constructor(private readonly db: Db) {}

  async build(): Promise<void> {
    const [categoryRows, productRows] = await Promise.all([
      this.db.select({ data: categories.data }).from(categories).orderBy(asc(categories.position)),
      this.db
        .select({ data: products.data })
        .from(products)
        .where(isNull(products.parentId))
        .orderBy(asc(products.id)),
    ]);
    this.snapshot = new Snapshot(
      categoryRows.map((r) => r.data),
      productRows.map((r) => r.data as Product),
    );
  }

  status(): IndexStatus {
    return {
      ready: this.snapshot !== undefined,
      products: this.snapshot?.productCount ?? 0,
      categories: this.snapshot?.categoryCount ?? 0,
    };
  }

  categoryTree(): Category[] {
    return this.require().tree;
  }

  productsInCategory(categoryId: number, limit: number): Product[] {
    return this.require().inCategory(categoryId).slice(0, limit);
  }

  private require(): Snapshot {
    if (!this.snapshot) throw new Error("The catalogue index is not built yet");
    return this.snapshot;
  }
}

class Snapshot {
  readonly tree: Category[];
  readonly productCount: number;
  readonly categoryCount: number;
  private readonly byCategory = new Map<number, Product[]>();

  constructor(categoryList: Category[], productList: Product[]) {
    this.categoryCount = categoryList.length;
    this.tree = buildTree(categoryList, STORE.rootCategoryId);
    const listed = productList.filter((p) => p.status === 1 && p.visibility >= 2);
    this.productCount = listed.length;
    for (const product of listed) {
      for (const { category_id, position } of product.category ?? []) {
        const list = this.byCategory.get(category_id) ?? [];
        list.push({ ...product, _position: position ?? 0 } as Product);
        this.byCategory.set(category_id, list);
      }
    }
    for (const list of this.byCategory.values()) {
      list.sort((a, b) => (a._position as number) - (b._position as number) || a.id - b.id);
    }
  }

  inCategory(categoryId: number): Product[] {
    return this.byCategory.get(categoryId) ?? [];
  }
}

/** Active children of `rootId`, nested through `children_data`, each level in position order. */
export function buildTree(list: Category[], rootId: number): Category[] {
  const children = new Map<number, Category[]>();
  for (const category of list) {
    if (!category.is_active) continue;
    const siblings = children.get(category.parent_id) ?? [];
    siblings.push(category);
    children.set(category.parent_id, siblings);
  }
  const attach = (parentId: number): Category[] =>
    (children.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((c) => {
        const children_data = attach(c.id);
        return { ...c, children_data, children_count: children_data.length };
      });
  return attach(rootId);
}
