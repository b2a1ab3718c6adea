/**
 * `npm run bench -- fuzz`: the API and storefront fuzzer of `npm test` (server/test/helpers/
 * api-fuzz.ts), run long against the production server. FUZZ_RUNS (default 20,000 API requests;
 * a quarter as many page and image requests) and FUZZ_SEED (default: a new one, printed, so a
 * finding can be sent again) steer it. The target: no finding at all.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { type FuzzTarget, fuzzApi, fuzzPaths, operationsOf } from "../../server/test/helpers/api-fuzz.ts";
import { machineInfo } from "../lib/machine.ts";
import { startStorefront } from "../lib/storefront-server.ts";
import { atMost, type Suite } from "../lib/suite.ts";
import { markdownTable, textTable } from "../lib/table.ts";

const TOKEN = "bench-fuzz-operator-token-0123456789";

export const fuzzSuite: Suite = {
  name: "fuzz",
  description: "hostile requests to every API operation, page path and image: never a 5xx",
  async run({ resultsDir, log }) {
    const runs = Number(process.env.FUZZ_RUNS ?? 20_000);
    const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
    // The operator's APIs are fuzzed behind their tokens, so their schemas are reached too.
    process.env.CMS_EDITOR_TOKEN ??= TOKEN;
    process.env.ADMIN_TOKEN ??= TOKEN;
    const shop = await startStorefront();
    try {
      const base = shop.base;
      const cartId = (
        (await (await fetch(`${base}/api/ext/tritonx/cart/create`, { method: "POST" })).json()) as {
          result: string;
        }
      ).result;
      const home = (await (await fetch(`${base}/api/ext/vsf-storyblok-extension/story/home`)).json()) as {
        result: { story: { id: number } };
      };
      const search = (await (
        await fetch(`${base}/api/catalog/catalog_nl/product/_search?size=1`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ _appliedFilters: [{ attribute: "type_id", value: "simple" }] }),
        })
      ).json()) as { items: { sku: string }[] };
      const target: FuzzTarget = {
        url: base,
        editorToken: process.env.CMS_EDITOR_TOKEN,
        adminToken: process.env.ADMIN_TOKEN,
        cartId,
        sku: search.items[0]!.sku,
        storyId: home.result.story.id,
      };
      const operations = operationsOf(await (await fetch(`${base}/api/openapi.json`)).json());
      log(
        `seed ${seed}: ${runs} API requests over ${operations.length} operations, ${Math.ceil(runs / 4)} page and image requests`,
      );

      const apiStarted = performance.now();
      const api = await fuzzApi(target, operations, { runs, seed });
      const apiSeconds = (performance.now() - apiStarted) / 1000;
      const pathsStarted = performance.now();
      const paths = await fuzzPaths(target, { runs: Math.ceil(runs / 4), seed });
      const pathsSeconds = (performance.now() - pathsStarted) / 1000;

      const rows = [
        ["API operations", api.requests, (api.requests / apiSeconds).toFixed(0), api.findings.length],
        [
          "pages, forms, images",
          paths.requests,
          (paths.requests / pathsSeconds).toFixed(0),
          paths.findings.length,
        ],
      ];
      const header = ["surface", "requests", "requests/s", "findings"];
      log(textTable(header, rows));
      const findings = [...api.findings, ...paths.findings];
      for (const f of findings.slice(0, 20)) log(`  ${f.problem}\n    ${f.request}`);

      const targets = [atMost("findings (5xx, no envelope, unnamed field)", findings.length, 0, "findings")];
      const machine = machineInfo();
      const resultFile = path.join(resultsDir, "fuzz.json");
      await writeFile(
        resultFile,
        `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, seed, runs, rows, findings: findings.slice(0, 100), targets }, null, 2)}\n`,
      );
      await writeFile(
        path.join(resultsDir, "fuzz.md"),
        `${markdownTable(header, rows)}\n\nSeed ${seed}, measured ${new Date().toISOString().slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}.\n`,
      );
      return { targets, resultFile };
    } finally {
      await shop.stop();
    }
  },
};
