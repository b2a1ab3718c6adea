import { CatalogIndex } from "./src/catalog-index/catalog-index.ts";
import { catalogDataOf } from "./src/catalog-index/snapshot.ts";
import { syntheticCatalog } from "./src/catalog-index/synthetic.ts";
import { generateDemoCatalog } from "./src/seed/demo-catalog.ts";

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]!; };
function time(label: string, n: number, fn: (i: number) => unknown) {
  for (let i = 0; i < 50; i++) fn(i);
  const xs: number[] = [];
  for (let i = 0; i < n; i++) { const t = performance.now(); fn(i); xs.push(performance.now() - t); }
  console.log(`${label.padEnd(40)} p50 ${pct(xs, 0.5).toFixed(3)} ms  p99 ${pct(xs, 0.99).toFixed(3)} ms`);
}
for (const which of ["demo", "synthetic"]) {
  let t = performance.now();
  const data = which === "demo" ? catalogDataOf(generateDemoCatalog()) : syntheticCatalog();
  console.log(which, "generated in", (performance.now() - t).toFixed(0), "ms", data.products.length, data.products.reduce((n, p) => n + (p.configurable_children?.length ?? 0), 0));
  t = performance.now();
  const index = CatalogIndex.fromData(data);
  console.log(which, "index build", (performance.now() - t).toFixed(0), "ms");
  const cats = which === "demo" ? [11, 12, 13, 14, 15, 16, 21, 22, 23] : Array.from({ length: 100 }, (_, i) => 1000 + i);
  const colors = ["49", "50", "51", "52", "53"]; const sizes = ["100", "101", "102", "103", "104", "110", "111"];
  const sorts = ["final_price:asc", "final_price:desc", "updated_at:desc", "category.position:asc"];
  time(`${which} faceted browse`, 2000, (i) => {
    const [field, options] = sorts[i % 4]!.split(":");
    index.searchProducts({
      _appliedFilters: [
        { attribute: "category_ids", value: { in: [cats[i % cats.length]!] } },
        { attribute: "color", value: { in: [colors[i % 5]!] }, scope: "catalog" },
        { attribute: "size", value: { in: [sizes[i % 7]!] }, scope: "catalog" },
      ],
      _availableFilters: [{ field: "color", scope: "catalog" }, { field: "size", scope: "catalog" }, { field: "brand" }, { field: "material" }, { field: "price" }],
      _appliedSort: [{ field: field!, options: options as "asc" }],
      size: 24,
    });
  });
  time(`${which} top-level category browse`, 1000, (i) => index.searchProducts({
    _appliedFilters: [{ attribute: "category_ids", value: { in: [which === "demo" ? 10 : 100 + (i % 10)] } }],
    _availableFilters: [{ field: "color", scope: "catalog" }, { field: "size", scope: "catalog" }, { field: "brand" }, { field: "price" }],
    size: 24,
  }));
  const texts = ["blauwe sneaker", "herenschoenen", "sneker", "leren riem", "chelsea boot suede", "overhemd wit", "kasjmier trui", "sne", "wintertrui", "merino"];
  time(`${which} text search`, 2000, (i) => index.searchProducts({ _searchText: texts[i % texts.length]!, size: 18 }));
  time(`${which} text search + facets`, 1000, (i) => index.searchProducts({ _searchText: texts[i % texts.length]!, size: 18, _availableFilters: [{ field: "color", scope: "catalog" }, { field: "price" }] }));
}
