import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { type Config, loadConfig } from "../config.ts";
import { findRunningServer } from "../services/catalog-import/running-server.ts";

/*
 * What the import CLIs (`npm run catalog:import`, `npm run content:import`) share: their options,
 * file names relative to where npm was run, and the choice between writing to the database and
 * going through a running server, which PGlite needs (one process per data folder).
 * Exit codes: 0 imported, 1 refused or failed, 2 wrong usage.
 */

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

export interface ImportCli {
  usage: string;
  /** The variable holding the running server's token for this import, named in messages. */
  tokenVariable: "ADMIN_TOKEN" | "CMS_EDITOR_TOKEN";
  /** How many files it takes: catalog:import one (or `-`), content:import any number. */
  files: "one" | "many";
}

export interface ImportArgs {
  /** Absolute paths, or `-` for standard input. */
  files: string[];
  url: string | undefined;
  token: string | undefined;
  dryRun: boolean;
}

/** The arguments, or the exit code to end with (help printed, or wrong usage explained). */
export function parseImportArgs(
  cli: ImportCli,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
): ImportArgs | number {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${cli.usage}`);
    return 2;
  }
  if (parsed.values.help) {
    io.out(cli.usage);
    return 0;
  }
  const names = parsed.positionals;
  if (names.length === 0 || (cli.files === "one" && names.length > 1)) {
    io.err(cli.usage);
    return 2;
  }
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where the user typed the command.
  const from = env.INIT_CWD ?? process.cwd();
  return {
    files: names.map((name) => (name === "-" && cli.files === "one" ? "-" : path.resolve(from, name))),
    url: parsed.values.url,
    token: parsed.values.token ?? env[cli.tokenVariable],
    dryRun: parsed.values["dry-run"] === true,
  };
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

/** A file's text (`-`: standard input), or undefined once the reason is printed. */
export async function readInput(file: string, io: CliIo): Promise<string | undefined> {
  try {
    if (file !== "-") return await readFile(file, "utf8");
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  } catch (error) {
    io.err(`Cannot read ${file}: ${(error as Error).message}`);
    return undefined;
  }
}

export type ImportTarget = { kind: "server"; origin: string } | { kind: "database"; config: Config };

/**
 * Where the import goes: `--url`; else a server holding the PGlite folder (PGlite allows one
 * process per data folder), which needs its token; else the database itself. A number is the exit
 * code when a server holds the folder and there is no token to go through it.
 */
export async function importTarget(
  cli: ImportCli,
  args: ImportArgs,
  env: NodeJS.ProcessEnv,
  io: CliIo,
): Promise<ImportTarget | number> {
  if (args.url) return { kind: "server", origin: args.url };
  const config = loadConfig(env);
  if (config.DATABASE_URL) return { kind: "database", config };
  const running = await findRunningServer(config.dataDir);
  if (!running) return { kind: "database", config };
  if (!args.token) {
    io.err(
      `A server (pid ${running.pid}, ${running.url}) holds the PGlite database in ${config.dataDir}, and PGlite ` +
        `allows one process per data folder. Set ${cli.tokenVariable} to the server's token to import through it, ` +
        "pass --url and --token, or stop the server first.",
    );
    return 1;
  }
  io.out(`A server holds ${config.dataDir}: importing through ${running.url}`);
  return { kind: "server", origin: running.url };
}

export interface ServerImport {
  origin: string;
  /** The import endpoint's path. */
  path: string;
  contentType: string;
  body: string;
  token: string | undefined;
  dryRun: boolean;
}

/**
 * Posts the import to a server. Answers the endpoint's `result` when it took it; otherwise prints
 * why and answers the exit code (a 400 with the problems goes to `refused`).
 */
export async function sendToServer<Issue>(
  request: ServerImport,
  io: CliIo,
  refused: (issues: Issue[]) => number,
): Promise<{ result: unknown } | number> {
  const url = new URL(`${request.path}${request.dryRun ? "?dryRun=true" : ""}`, request.origin);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": request.contentType, authorization: `Bearer ${request.token ?? ""}` },
      body: request.body,
    });
  } catch (error) {
    io.err(`Cannot reach ${request.origin}: ${(error as Error).cause ?? (error as Error).message}`);
    return 1;
  }
  const body = (await response.json().catch(() => ({}))) as { result?: unknown; meta?: { errors?: Issue[] } };
  if (response.ok) return { result: body.result };
  if (response.status === 400 && body.meta?.errors) return refused(body.meta.errors);
  io.err(`${request.origin} answered ${response.status}: ${String(body.result ?? response.statusText)}`);
  return 1;
}

/** Prints every problem and the all-or-nothing verdict; exit code 1. */
export function printRefusal<Issue>(
  issues: readonly Issue[],
  format: (issue: Issue) => string,
  io: CliIo,
): number {
  for (const issue of issues) io.err(format(issue));
  io.err(`Refused: ${issues.length} problem${issues.length === 1 ? "" : "s"}; nothing was written.`);
  return 1;
}

export function doneWord(dryRun: boolean | undefined): string {
  return dryRun ? "Checked (dry run, nothing written)" : "Imported";
}

/** Runs `run` with the process's arguments when `moduleUrl` is the script node was started with. */
export function runAsScript(moduleUrl: string, run: (argv: readonly string[]) => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
