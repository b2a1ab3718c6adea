import { syntheticCatalog } from "./src/catalog-index/synthetic.ts";
import { Snapshot } from "./src/catalog-index/snapshot.ts";
const data = syntheticCatalog();
for (let i = 0; i < 2; i++) { const t = performance.now(); new Snapshot(data); console.log("build", (performance.now() - t).toFixed(0)); }
