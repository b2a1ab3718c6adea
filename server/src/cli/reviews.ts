import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { findRunningServer } from "../services/catalog-import/running-server.ts";
import { type CliIo, consoleIo, runAsScript } from "./import-cli.ts";

const USAGE = `Usage: npm run reviews -- <command> [options]

Moderates product reviews through the running shop's admin API (needs ADMIN_TOKEN), so the
shop shows an approved review at once.

Commands:
  list [pending|approved|rejected|all]   reviews in that state (default: pending)
  approve <id>...                        show these reviews on their product pages
  reject <id>...                         keep these reviews off the shop

Options:
  --url <origin>    the shop, e.g. http://localhost:3000 (default: the server holding DATA_DIR, else PORT)
  --token <token>   the admin token (default: $ADMIN_TOKEN)
  -h, --help        this text`;

interface Row {
  id: number;
  sku: string;
  status: string;
  rating: number;
  nickname: string;
  email: string | null;
  title: string;
  detail: string;
  created_at: string;
}

/** Exit codes: 0 done, 1 refused or failed, 2 wrong usage. */
export async function runCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = consoleIo,
) {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    io.out(USAGE);
    return 0;
  }
  const [command, ...rest] = parsed.positionals;
  const token = parsed.values.token ?? env.ADMIN_TOKEN;
  if (!token) {
    io.err("Set ADMIN_TOKEN (or pass --token): moderation goes through the shop's admin API.");
    return 1;
  }
  const config = loadConfig(env);
  const origin =
    parsed.values.url ?? (await findRunningServer(config.dataDir))?.url ?? `http://127.0.0.1:${config.PORT}`;
  const call = async (method: string, path: string) => {
    try {
      const response = await fetch(new URL(`/api/admin/reviews${path}`, origin), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === "POST" ? { "content-type": "application/json" } : {}),
        },
        body: method === "POST" ? "{}" : undefined,
      });
      const body = (await response.json().catch(() => ({}))) as { result?: unknown };
      if (!response.ok) {
        io.err(`${origin} answered ${response.status}: ${String(body.result ?? response.statusText)}`);
        return undefined;
      }
      return body.result;
    } catch (error) {
      io.err(`Cannot reach ${origin}: ${(error as Error).cause ?? (error as Error).message}`);
      return undefined;
    }
  };

  if (command === "list" && rest.length <= 1) {
    const status = rest[0] ?? "pending";
    const rows = (await call("GET", `?status=${encodeURIComponent(status)}`)) as Row[] | undefined;
    if (!rows) return 1;
    if (rows.length === 0) io.out(`No ${status} reviews.`);
    for (const r of rows) {
      io.out(
        `#${r.id}  ${r.status}  ${r.sku}  ${"★".repeat(r.rating)}${"☆".repeat(5 - r.rating)}  ${r.nickname}${r.email ? ` <${r.email}>` : ""}  ${r.created_at.slice(0, 10)}`,
      );
      io.out(`    ${r.title}: ${r.detail.replace(/\s+/g, " ").slice(0, 200)}`);
    }
    return 0;
  }
  if ((command === "approve" || command === "reject") && rest.length > 0) {
    if (!rest.every((id) => /^\d{1,9}$/.test(id))) {
      io.err(`Review ids are numbers, as \`npm run reviews -- list\` shows them.\n\n${USAGE}`);
      return 2;
    }
    let failed = 0;
    for (const id of rest) {
      const row = (await call("POST", `/${id}/${command}`)) as Row | undefined;
      if (row) io.out(`#${row.id} ${row.status} (${row.sku})`);
      else failed++;
    }
    return failed === 0 ? 0 : 1;
  }
  io.err(USAGE);
  return 2;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { url: { type: "string" }, token: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
}

runAsScript(import.meta.url, (argv) => runCli(argv));
