import type { Config } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { formatIssue, type ImportIssue, importCatalogText } from "../services/catalog-import.ts";
import {
  type CliIo,
  consoleIo,
  doneWord,
  type ImportCli,
  importTarget,
  parseImportArgs,
  printRefusal,
  readInput,
  runAsScript,
  sendToServer,
} from "./import-cli.ts";

export type { CliIo } from "./import-cli.ts";

const CLI: ImportCli = {
  tokenVariable: "ADMIN_TOKEN",
  files: "one",
  usage: `Usage: npm run catalog:import -- <file.jsonl | -> [options]

Imports catalogue records (one JSON record a line; docs/catalog-import.md). All or nothing:
any problem and nothing is written. Without --url the file goes straight into the database
(DATABASE_URL, else the PGlite data in DATA_DIR); when a server already holds that PGlite
folder, the file goes to the server's admin endpoint instead (needs ADMIN_TOKEN).

Options:
  --url <origin>    import through a running server, e.g. http://localhost:3000
  --token <token>   the server's admin token (default: $ADMIN_TOKEN)
  --dry-run         check everything, write nothing
  -h, --help        this text`,
};

/** Exit codes: 0 imported, 1 refused or failed, 2 wrong usage. */
export async function runCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = consoleIo,
): Promise<number> {
  const args = parseImportArgs(CLI, argv, env, io);
  if (typeof args === "number") return args;
  const text = await readInput(args.files[0]!, io);
  if (text === undefined) return 2;

  const target = await importTarget(CLI, args, env, io);
  if (typeof target === "number") return target;
  if (target.kind === "database") return direct(target.config, text, args.dryRun, io);

  const sent = await sendToServer<ImportIssue>(
    {
      origin: target.origin,
      path: "/api/admin/catalog/import",
      contentType: "application/x-ndjson",
      body: text,
      token: args.token,
      dryRun: args.dryRun,
    },
    io,
    (issues) => printRefusal(issues, formatIssue, io),
  );
  if (typeof sent === "number") return sent;
  const result = sent.result as { summary: Record<string, number>; index: string; dryRun?: boolean };
  io.out(
    `${doneWord(result.dryRun)} through ${target.origin}: ${describe(result.summary)}; index ${result.index}`,
  );
  return 0;
}

async function direct(config: Config, text: string, dryRun: boolean, io: CliIo) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
  });
  try {
    const outcome = await importCatalogText(database.db, text, { dryRun });
    if (!outcome.ok) return printRefusal(outcome.issues, formatIssue, io);
    io.out(`${doneWord(dryRun)} into ${database.location}: ${describe(outcome.summary)}`);
    if (!dryRun && database.kind === "postgres") io.out("Running servers refresh their catalogue on notice.");
    return 0;
  } finally {
    await database.close();
  }
}

function describe(summary: object): string {
  return Object.entries(summary)
    .map(([key, n]) => `${n} ${key.replace("_", " ")}`)
    .join(", ");
}

runAsScript(import.meta.url, runCli);
