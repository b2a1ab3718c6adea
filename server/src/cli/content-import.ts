import path from "node:path";
import type { Config } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import {
  type ContentDocument,
  type ContentImportSummary,
  formatImportIssue,
  type ImportIssue,
  importContent,
} from "../services/cms/content-import.ts";
import { CmsStore } from "../services/cms/stories.ts";
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
  tokenVariable: "CMS_EDITOR_TOKEN",
  files: "many",
  usage: `Usage: npm run content:import -- <file.json>... [options]

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
  const refused = (issues: readonly ImportIssue[]) => printRefusal(issues, formatImportIssue, io);
  const documents: ContentDocument[] = [];
  for (const file of args.files) {
    const text = await readInput(file, io);
    if (text === undefined) return 2;
    try {
      documents.push({ source: path.basename(file), data: JSON.parse(text) });
    } catch (error) {
      const message = `is not JSON: ${(error as Error).message}`;
      return refused([{ source: path.basename(file), path: "(file)", message }]);
    }
  }

  const target = await importTarget(CLI, args, env, io);
  if (typeof target === "number") return target;
  if (target.kind === "database") return direct(target.config, documents, args.dryRun, io);

  // One request with every file's stories, so the server's import is all or nothing too.
  const stories = documents.flatMap((d) => (d.data as { stories?: unknown[] })?.stories ?? []);
  const sent = await sendToServer<ImportIssue>(
    {
      origin: target.origin,
      path: "/api/ext/vsf-storyblok-extension/editor/import",
      contentType: "application/json",
      body: JSON.stringify({ stories }),
      token: args.token,
      dryRun: args.dryRun,
    },
    io,
    refused,
  );
  if (typeof sent === "number") return sent;
  const result = sent.result as { summary: ContentImportSummary; dryRun: boolean };
  io.out(`${doneWord(result.dryRun)} through ${target.origin}: ${describe(result.summary)}`);
  return 0;
}

async function direct(config: Config, documents: readonly ContentDocument[], dryRun: boolean, io: CliIo) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
  });
  try {
    const outcome = await importContent(new CmsStore(database.db), documents, { dryRun });
    if (!outcome.ok) return printRefusal(outcome.issues, formatImportIssue, io);
    io.out(`${doneWord(dryRun)} into ${database.location}: ${describe(outcome.summary)}`);
    return 0;
  } finally {
    await database.close();
  }
}

function describe(summary: ContentImportSummary): string {
  return `${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.published} published`;
}

runAsScript(import.meta.url, runCli);
