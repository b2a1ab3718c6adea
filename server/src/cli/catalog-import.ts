import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { findRunningServer } from "../services/catalog-import/running-server.ts";
import { formatIssue, type ImportIssue, importCatalogText } from "../services/catalog-import.ts";

const USAGE = `Usage: npm run catalog:import -- <file.jsonl | -> [options]

Imports catalogue records (one JSON record a line; docs/catalog-import.md). All or nothing:
any problem and nothing is written. Without --url the file goes straight into the database
(DATABASE_URL, else the PGlite data in DATA_DIR); when a server already holds that PGlite
folder, the file goes to the server's admin endpoint instead (needs ADMIN_TOKEN).

Options:
  --url <origin>    import through a running server, e.g. http://localhost:3000
  --token <token>   the server's admin token (default: $ADMIN_TOKEN)
  --dry-run         check everything, write nothing
  -h, --help        this text`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** Exit codes: 0 imported, 1 refused or failed, 2 wrong usage. */
export async function runCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = consoleIo,
): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    io.out(USAGE);
    return 0;
  }
  const [name, ...extra] = args.positionals;
  if (!name || extra.length > 0) {
    io.err(USAGE);
    return 2;
  }
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where the user typed the command.
  const file = name === "-" ? "-" : path.resolve(env.INIT_CWD ?? process.cwd(), name);
  let text: string;
  try {
    text = file === "-" ? await readStdin() : await readFile(file, "utf8");
  } catch (error) {
    io.err(`Cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }

  const dryRun = args.values["dry-run"] === true;
  const token = args.values.token ?? env.ADMIN_TOKEN;
  if (args.values.url) return viaServer(args.values.url, text, token, dryRun, io);

  const config = loadConfig(env);
  if (!config.DATABASE_URL) {
    const running = await findRunningServer(config.dataDir);
    if (running) {
      if (!token) {
        io.err(
          `A server (pid ${running.pid}, ${running.url}) holds the PGlite database in ${config.dataDir}, and PGlite ` +
            "allows one process per data folder. Set ADMIN_TOKEN to the server's token to import through it, " +
            "pass --url and --token, or stop the server first.",
        );
        return 1;
      }
      io.out(`A server holds ${config.dataDir}: importing through ${running.url}`);
      return viaServer(running.url, text, token, dryRun, io);
    }
  }
  return direct(config, text, dryRun, io);
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      url: { type: "string" },
      token: { type: "string" },
      "dry-run": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

async function direct(config: ReturnType<typeof loadConfig>, text: string, dryRun: boolean, io: CliIo) {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const outcome = await importCatalogText(database.db, text, { dryRun });
    if (!outcome.ok) return refused(outcome.issues, io);
    io.out(
      `${dryRun ? "Checked (dry run, nothing written)" : "Imported"} into ${database.location}: ${describe(outcome.summary)}`,
    );
    if (!dryRun && database.kind === "postgres") io.out("Running servers refresh their catalogue on notice.");
    return 0;
  } finally {
    await database.close();
  }
}

async function viaServer(
  origin: string,
  text: string,
  token: string | undefined,
  dryRun: boolean,
  io: CliIo,
) {
  const url = new URL(`/api/admin/catalog/import${dryRun ? "?dryRun=true" : ""}`, origin);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-ndjson", authorization: `Bearer ${token ?? ""}` },
      body: text,
    });
  } catch (error) {
    io.err(`Cannot reach ${origin}: ${(error as Error).cause ?? (error as Error).message}`);
    return 1;
  }
  const body = (await response.json().catch(() => ({}))) as {
    result?: unknown;
    meta?: { errors?: ImportIssue[] };
  };
  if (response.ok) {
    const result = body.result as { summary: Record<string, number>; index: string; dryRun?: boolean };
    const what = result.dryRun ? "Checked (dry run, nothing written)" : "Imported";
    io.out(`${what} through ${origin}: ${describe(result.summary)}; index ${result.index}`);
    return 0;
  }
  if (response.status === 400 && body.meta?.errors) return refused(body.meta.errors, io);
  io.err(`${origin} answered ${response.status}: ${String(body.result ?? response.statusText)}`);
  return 1;
}

function refused(issues: readonly ImportIssue[], io: CliIo): number {
  for (const issue of issues) io.err(formatIssue(issue));
  io.err(`Refused: ${issues.length} problem${issues.length === 1 ? "" : "s"}; nothing was written.`);
  return 1;
}

function describe(summary: object): string {
  return Object.entries(summary)
    .map(([key, n]) => `${n} ${key.replace("_", " ")}`)
    .join(", ");
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
