import { startTestServer } from "./test/helpers/test-server.ts";
const s = await startTestServer({ storefront: false });
try {
  const show = async (r: Response) => { const t = await r.text(); console.log(r.status, t.slice(0, 400)); };
  await show(await s.post("/api/catalog/catalog_nl/product/_search?size=2&_source_include=sku,name,final_price_incl_tax", { _searchText: "blauwe sneaker" }));
  await show(await s.post("/api/catalog/catalog_nl/product/_search?size=1&_source_include=sku", undefined as any));
  await show(await s.get("/api/catalog/catalog_nl/product/_search?size=1&_source_include=sku"));
  await show(await s.post("/api/catalog/catalog_nl/foo/_search", {}));
  await show(await s.post("/api/catalog/catalog_de/product/_search", {}));
  await show(await s.post("/api/catalog/catalog_nl/product/_search", { _appliedFilters: [{ attribute: "color", value: { foo: 1 } }] }));
  await show(await s.post("/api/catalog/catalog_nl/product/_search", { _appliedFilters: [{ attribute: "kleur", value: 1 }] }));
  await show(await s.post("/api/catalog/catalog_nl/product/_search", { x: 1 }));
  await show(await s.post("/api/catalog/catalog_nl/product/_search?size=5000", {}));
  await show(await s.post("/api/catalog/catalog_nl/product/_search?size=abc", {}));
  await show(await s.get("/api/catalog/catalog_nl/product/_search?request=" + encodeURIComponent(JSON.stringify({ _appliedFilters: [{ attribute: "color", value: { in: "x" } }] }))));
  await show(await s.get("/api/catalog/catalog_nl/product/_search?request=%7Bbad"));
  await show(await s.post("/api/catalog/catalog_nl/category/_search?_source_include=id,name", { _appliedFilters: [{ attribute: "level", value: 2 }] }));
  await show(await s.post("/api/catalog/catalog_nl/product/_search", "[".repeat(100000)));
  await show(await s.post("/api/catalog/catalog_nl/product/_search", "null"));
} finally { await s.close(); }
