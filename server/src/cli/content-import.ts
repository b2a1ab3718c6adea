import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { findRunningServer } from "../services/catalog-import/running-server.ts";
import {
  type ContentDocument,
  type ContentImportSummary,
  formatImportIssue,
  type ImportIssue,
  importContent,
} from "../services/cms/content-import.ts";
import { CmsStore } from "../services/cms/stories.ts";

const USAGE = `Usage: npm run content:import -- <file.json>... [options]

Imports CMS stories: JSON files of { "stories": [ { "name", "full_slug", "content", "publish"? } ] }
(server/content/*.json are examples). A story is matched by full_slug: new ones are created,
changed ones get a new draft version, "publish": true makes the draft live. Every file is
validated first; all or nothing: any problem and nothing is written. Without --url the stories
go straight into the database (DATABASE_URL, else the PGlite data in DATA_DIR); when a server
already holds that PGlite folder, they go to its editor API instead (needs CMS_EDITOR_TOKEN).

Options:
  --url <origin>    import through a running server, e.g. http://localhost:3000
  --token <token>   the server's CMS editor token (default: $CMS_EDITOR_TOKEN)
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
  if (args.positionals.length === 0) {
    io.err(USAGE);
    return 2;
  }
  const documents: ContentDocument[] = [];
  for (const name of args.positionals) {
    // npm runs scripts from the package folder; INIT_CWD is where the user typed the command.
    const file = path.resolve(env.INIT_CWD ?? process.cwd(), name);
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      io.err(`Cannot read ${file}: ${(error as Error).message}`);
      return 2;
    }
    try {
      documents.push({ source: path.basename(file), data: JSON.parse(text) });
    } catch (error) {
      return refused(
        [
          {
            source: path.basename(file),
            path: "(file)",
            message: `is not JSON: ${(error as Error).message}`,
          },
        ],
        io,
      );
    }
  }

  const dryRun = args.values["dry-run"] === true;
  const token = args.values.token ?? env.CMS_EDITOR_TOKEN;
  if (args.values.url) return viaServer(args.values.url, documents, token, dryRun, io);

  const config = loadConfig(env);
  if (!config.DATABASE_URL) {
    const running = await findRunningServer(config.dataDir);
    if (running) {
      if (!token) {
        io.err(
          `A server (pid ${running.pid}, ${running.url}) holds the PGlite database in ${config.dataDir}, and PGlite ` +
            "allows one process per data folder. Set CMS_EDITOR_TOKEN to the server's token to import through it, " +
            "pass --url and --token, or stop the server first.",
        );
        return 1;
      }
      io.out(`A server holds ${config.dataDir}: importing through ${running.url}`);
      return viaServer(running.url, documents, token, dryRun, io);
    }
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const outcome = await importContent(new CmsStore(database.db), documents, { dryRun });
    if (!outcome.ok) return refused(outcome.issues, io);
    const what = dryRun ? "Checked (dry run, nothing written)" : "Imported";
    io.out(`${what} into ${database.location}: ${describe(outcome.summary)}`);
    return 0;
  } finally {
    await database.close();
  }
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

/** One request with every file's stories, so the server's import is all or nothing too. */
async function viaServer(
  origin: string,
  documents: readonly ContentDocument[],
  token: string | undefined,
  dryRun: boolean,
  io: CliIo,
) {
  const stories = documents.flatMap((d) => (d.data as { stories?: unknown[] })?.stories ?? []);
  const url = new URL(
    `/api/ext/vsf-storyblok-extension/editor/import${dryRun ? "?dryRun=true" : ""}`,
    origin,
  );
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token ?? ""}` },
      body: JSON.stringify({ stories }),
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
    const result = body.result as { summary: ContentImportSummary; dryRun: boolean };
    const what = result.dryRun ? "Checked (dry run, nothing written)" : "Imported";
    io.out(`${what} through ${origin}: ${describe(result.summary)}`);
    return 0;
  }
  if (response.status === 400 && body.meta?.errors) return refused(body.meta.errors, io);
  io.err(`${origin} answered ${response.status}: ${String(body.result ?? response.statusText)}`);
  return 1;
}

function refused(issues: readonly ImportIssue[], io: CliIo): number {
  for (const issue of issues) io.err(formatImportIssue(issue));
  io.err(`Refused: ${issues.length} problem${issues.length === 1 ? "" : "s"}; nothing was written.`);
  return 1;
}

function describe(summary: ContentImportSummary): string {
  return `${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.published} published`;
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
