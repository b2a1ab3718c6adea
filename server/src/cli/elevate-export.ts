import { writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { loadConfig } from "../config.ts";
import { clusterOrigin } from "../providers/recommendations/cluster.ts";
import { adminApi, parseAdminArgs } from "./admin-api.ts";
import { type CliIo, consoleIo, runAsScript } from "./import-cli.ts";

const USAGE = `Usage: npm run elevate:export -- [options]

Exports the running shop's catalogue and landing pages as a Voyado Elevate 4 catalog import
(JSON Lines; product key = parent sku, variant key = child sku, market NL), through the admin API.

Options:
  --out <file>      write the import there (.gz: compressed); default: standard output
  --push            replace the cluster's catalogue with it: PUT {cluster}/api/admin/v4/import/catalog
                    with ELEVATE_API_KEY, gzip-compressed, as Elevate asks
  --url <origin>    the shop (default: the server holding DATA_DIR, else PORT)
  --token <token>   the admin token (default: $ADMIN_TOKEN)
  -h, --help        this text`;

/** The cluster's catalog import path (Elevate 4 admin API v4). */
export const IMPORT_PATH = "/api/admin/v4/import/catalog";

/** Exit codes: 0 done, 1 refused or failed, 2 wrong usage. */
export async function runCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = consoleIo,
) {
  const parsed = parseAdminArgs(argv, USAGE, io, { out: { type: "string" }, push: { type: "boolean" } });
  if (typeof parsed === "number") return parsed;
  if (parsed.positionals.length > 0) {
    io.err(`Unexpected argument ${parsed.positionals[0]}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(env);
  if (parsed.values.push && (!config.ELEVATE_CLUSTER_ID || !config.ELEVATE_API_KEY)) {
    io.err("--push needs ELEVATE_CLUSTER_ID and ELEVATE_API_KEY.");
    return 1;
  }
  const api = await adminApi("/api/admin/elevate/catalog", parsed.values, env, io, "the export");
  if (!api) return 1;
  const { origin, token } = api;
  let body: string;
  try {
    const res = await fetch(new URL("/api/admin/elevate/catalog", origin), {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) {
      io.err(`${origin} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      return 1;
    }
    body = await res.text();
  } catch (error) {
    io.err(`Cannot reach ${origin}: ${(error as Error).cause ?? (error as Error).message}`);
    return 1;
  }
  const count = body.split("\n").filter(Boolean).length;
  if (parsed.values.out) {
    const out = parsed.values.out;
    await writeFile(out, out.endsWith(".gz") ? gzipSync(body) : body);
    io.out(`${count} operations written to ${out}`);
  } else if (!parsed.values.push) io.out(body.trimEnd());
  if (parsed.values.push) {
    const target = new URL(IMPORT_PATH, clusterOrigin(config.ELEVATE_CLUSTER_ID!));
    const res = await fetch(target, {
      method: "PUT",
      headers: {
        "api-key": config.ELEVATE_API_KEY!,
        "content-type": "application/jsonlines",
        "content-encoding": "gzip",
      },
      body: gzipSync(body),
    });
    if (!res.ok) {
      io.err(`${target.origin} refused the import (${res.status}): ${(await res.text()).slice(0, 1000)}`);
      return 1;
    }
    io.out(`${count} operations imported into ${target.origin}`);
  }
  return 0;
}

runAsScript(import.meta.url, (argv) => runCli(argv));
