/**
 * `npm run bench` runs every suite; `npm run bench -- catalog` one (several names may follow).
 * `--list` names the suites; `--strict` exits 1 when a target is missed (for CI), otherwise a
 * missed target is reported but the run succeeds. Suites are loaded only when they run, so one
 * suite's dependencies (a browser, a database) do not burden the others.
 */
import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Suite, TargetResult } from "./lib/suite.ts";

/** The registry: add a suite here with a loader of its module. */
const SUITES: Record<string, { description: string; load: () => Promise<Suite>; onlyWhenNamed?: boolean }> = {
  catalog: {
    description: "catalogue index vs Orama vs PostgreSQL GROUP BY, and /api/catalog over HTTP",
    load: async () => (await import("./catalog/suite.ts")).catalogSuite,
  },
  cart: {
    description: "add-to-cart + totals round trip, 50 concurrent shoppers, PostgreSQL",
    load: async () => (await import("./cart/suite.ts")).cartSuite,
  },
  checkout: {
    description: "place-order p95 with 50 concurrent shoppers, /checkout JavaScript (gzip)",
    load: async () => (await import("./checkout/suite.ts")).checkoutSuite,
  },
  chaos: {
    description: "orders at a steady rate while the server is killed (SIGKILL) and restarted 5 times",
    load: async () => (await import("./checkout/chaos.ts")).chaosSuite,
    // Kills processes on purpose: only when named.
    onlyWhenNamed: true,
  },
  accounts: {
    description:
      "login p95 and argon2id hashes/s at 20 concurrent, GET /me p95 at 50 (<= 10 ms), refresh p95",
    load: async () => (await import("./accounts/suite.ts")).accountsSuite,
  },
  ssr: {
    description: "uncached SSR requests/s, latency, HTML and JavaScript per page type",
    load: async () => (await import("./ssr/suite.ts")).ssrSuite,
  },
  "html-cache": {
    description: "a guest page from the HTML cache as a share of a bare node:http server's requests/s",
    load: async () => (await import("./html-cache/suite.ts")).htmlCacheSuite,
  },
  "ssr-guard": {
    description: "CI's short check of CPU per render and JavaScript per page against bench/budgets.json",
    load: async () => (await import("./ssr/guard.ts")).ssrGuardSuite,
    // .ci/run runs it with --strict; `ssr` measures the same and more.
    onlyWhenNamed: true,
  },
  soak: {
    description:
      "RSS under 10 minutes of mixed load at a fixed rate, then 60 s idle (SOAK_MINUTES for shorter runs)",
    load: async () => (await import("./soak/suite.ts")).soakSuite,
    // Thirteen minutes with both cores busy: run it on purpose, not as part of "every suite".
    onlyWhenNamed: true,
  },
  lighthouse: {
    description: "Lighthouse mobile score, LCP, TBT, CLS and JavaScript per page type (median of 3)",
    load: async () => (await import("./lighthouse/suite.ts")).lighthouseSuite,
  },
  recommendations: {
    description:
      "built-in Elevate: in-process p95 per query, autocomplete req/s at 50 connections, offline quality",
    load: async () => (await import("./recommendations/suite.ts")).recommendationsSuite,
  },
  cluster: {
    description: "mixed shopper load against 1 and 2 instances (PostgreSQL + Redis): req/s, p95, CPU each",
    load: async () => (await import("./cluster/suite.ts")).clusterSuite,
    // Starts instances of the production build on PostgreSQL and Redis: only when named.
    onlyWhenNamed: true,
  },
  fuzz: {
    description: "hostile requests to every API operation, page path and image (FUZZ_RUNS, FUZZ_SEED)",
    load: async () => (await import("./fuzz/suite.ts")).fuzzSuite,
    // A correctness run, not a speed figure: on purpose only.
    onlyWhenNamed: true,
  },
};

async function main() {
  const args = process.argv.slice(2);
  const flags = new Set(args.filter((a) => a.startsWith("--")));
  const names = args.filter((a) => !a.startsWith("--"));
  if (flags.has("--list")) {
    for (const [name, s] of Object.entries(SUITES)) console.log(`${name.padEnd(12)} ${s.description}`);
    return;
  }
  const unknown = names.filter((n) => !(n in SUITES));
  if (unknown.length > 0) {
    console.error(`Unknown suite(s): ${unknown.join(", ")}. Suites: ${Object.keys(SUITES).join(", ")}`);
    process.exit(2);
  }
  const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");
  await mkdir(resultsDir, { recursive: true });

  // Another process busy on a 2-core machine moves every figure; say so rather than mislead.
  const [load1 = 0] = os.loadavg();
  if (load1 > 0.5 * os.cpus().length)
    console.log(
      `warning: load average ${load1.toFixed(2)} on ${os.cpus().length} cores; figures will be pessimistic`,
    );

  const missed: { suite: string; target: TargetResult }[] = [];
  const every = Object.keys(SUITES).filter((name) => !SUITES[name]!.onlyWhenNamed);
  for (const name of names.length > 0 ? names : every) {
    const suite = await SUITES[name]!.load();
    console.log(`\n=== ${suite.name}: ${suite.description}`);
    const result = await suite.run({ resultsDir, log: (line) => console.log(line) });
    for (const target of result.targets) if (!target.pass) missed.push({ suite: name, target });
  }
  if (missed.length > 0) {
    console.log(`\n${missed.length} target(s) missed:`);
    for (const { suite, target } of missed)
      console.log(`  ${suite}: ${target.name}: ${target.value.toFixed(2)} ${target.unit} (${target.target})`);
    if (flags.has("--strict")) process.exitCode = 1;
  } else console.log("\nAll targets met.");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
