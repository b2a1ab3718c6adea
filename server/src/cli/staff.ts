import { isStaffRole, STAFF_ROLES } from "@etalage/core";
import { adminApi, parseAdminArgs } from "./admin-api.ts";
import { type CliIo, consoleIo, runAsScript } from "./import-cli.ts";

const USAGE = `Usage: npm run staff -- <command> [options]

Staff accounts of the back office (/beheer), through the running shop's admin API (needs ADMIN_TOKEN).

Commands:
  add <email> <role>   invite a staff member; prints a one-time link (valid 72 hours) where they
                       set their password and authenticator app. Roles: ${STAFF_ROLES.join(", ")}
  list                 every staff account
  disable <email>      sign a staff member out everywhere and keep them out

Options:
  --url <origin>    the shop, e.g. http://localhost:3000 (default: the server holding DATA_DIR, else PORT)
  --token <token>   the admin token (default: $ADMIN_TOKEN)
  -h, --help        this text`;

interface StaffRow {
  email: string;
  role: string;
  active: boolean;
  totp: boolean;
  created_at: string;
  disabled_at: string | null;
}

/** Exit codes: 0 done, 1 refused or failed, 2 wrong usage. */
export async function runStaffCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = consoleIo,
) {
  const parsed = parseAdminArgs(argv, USAGE, io, {});
  if (typeof parsed === "number") return parsed;
  const [command, ...rest] = parsed.positionals;
  const api = await adminApi("/api/admin/staff", parsed.values, env, io, "making staff accounts");
  if (!api) return 1;
  const { call } = api;

  if (command === "add" && rest.length === 2) {
    const [email, role] = rest as [string, string];
    if (!isStaffRole(role)) {
      io.err(`The role is one of ${STAFF_ROLES.join(", ")}.\n\n${USAGE}`);
      return 2;
    }
    const made = (await call("POST", "", { email, role })) as
      | { email: string; role: string; invitation_url: string; expires_at: string }
      | undefined;
    if (!made) return 1;
    io.out(`Invited ${made.email} as ${made.role}. Send them this link (valid until ${made.expires_at}):`);
    io.out(made.invitation_url);
    return 0;
  }
  if (command === "list" && rest.length === 0) {
    const rows = (await call("GET", "")) as StaffRow[] | undefined;
    if (!rows) return 1;
    if (rows.length === 0) io.out("No staff accounts yet: `npm run staff -- add <email> <role>`.");
    for (const r of rows) {
      const state = r.disabled_at ? "disabled" : r.active ? "active" : "invited";
      io.out(
        `${r.email}  ${r.role.padEnd(14)}  ${state.padEnd(8)}  ${r.totp ? "TOTP" : "    "}  ${r.created_at.slice(0, 10)}`,
      );
    }
    return 0;
  }
  if (command === "disable" && rest.length === 1) {
    const row = (await call("POST", "/disable", { email: rest[0] })) as StaffRow | undefined;
    if (!row) return 1;
    io.out(`${row.email} is disabled.`);
    return 0;
  }
  io.err(USAGE);
  return 2;
}

runAsScript(import.meta.url, (argv) => runStaffCli(argv));
