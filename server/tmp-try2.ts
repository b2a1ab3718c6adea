import { generateDemoCatalog } from "./src/seed/demo-catalog.ts";
import { CatalogIndex } from "./src/catalog-index/catalog-index.ts";
import { catalogDataOf } from "./src/catalog-index/snapshot.ts";
const data = catalogDataOf(generateDemoCatalog());
const index = CatalogIndex.fromData(data);
const p = index.productBySku("OVH1000")!;
console.log(p.configurable_children!.slice(0,3).map(c=>c.sku), p.visibility, p.status, p.stock);
for (const text of process.argv.slice(2)) {
  const r = index.searchProducts({ _searchText: text, size: 6 });
  console.log(text, "total", r.total);
  for (const p of r.items) console.log("   ", p.sku, p.name, p.final_price_incl_tax);
}
