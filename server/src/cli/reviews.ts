import { adminApi, parseAdminArgs } from "./admin-api.ts";
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
  const parsed = parseAdminArgs(argv, USAGE, io, {});
  if (typeof parsed === "number") return parsed;
  const [command, ...rest] = parsed.positionals;
  const api = await adminApi("/api/admin/reviews", parsed.values, env, io, "moderation");
  if (!api) return 1;
  const { call } = api;

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

runAsScript(import.meta.url, (argv) => runCli(argv));
