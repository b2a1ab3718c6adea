import { generateDemoCatalog } from "./src/seed/demo-catalog.ts";
import { CatalogIndex } from "./src/catalog-index/catalog-index.ts";
import { catalogDataOf } from "./src/catalog-index/snapshot.ts";
const data = catalogDataOf(generateDemoCatalog());
let t = performance.now();
const index = CatalogIndex.fromData(data);
console.log("build ms", (performance.now() - t).toFixed(0), index.status());
const show = (q: any) => {
  const r = index.searchProducts(q);
  console.log(JSON.stringify(q), "total", r.total);
  for (const p of r.items.slice(0, 6)) console.log("   ", p.sku, p.name, p.final_price_incl_tax);
  return r;
};
for (const text of ["herenschoenen", "blauwe sneaker", "sneker", "leren riem", "chelsea boot suede", "wintertrui", "shirt", "OVH1000", "ovh1000-wit-m", "truitje", "t-shirt", "sne", "jassen", "overhemd wit", "kasjmier", "suède"]) show({ _searchText: text, size: 6 });
const r = show({ _appliedFilters: [{ attribute: "category_ids", value: { in: [21] } }, { attribute: "color", value: { in: ["49"] }, scope: "catalog" }], _availableFilters: [{ field: "color", scope: "catalog" }, { field: "price" }, { field: "size", scope: "catalog" }], size: 3 });
console.log(JSON.stringify(r.aggregations, null, 1).slice(0, 1500));
