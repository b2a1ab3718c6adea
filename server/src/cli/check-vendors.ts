import { parseArgs } from "node:util";
import { type Config, loadConfig } from "../config.ts";
import { findRunningServer } from "../services/catalog-import/running-server.ts";
import { checkAdyen } from "../services/vendor-checks/adyen.ts";
import {
  checkElevate,
  checkEngage,
  checkStoryblok,
} from "../services/vendor-checks/content-and-customers.ts";
import { passed, type VendorCheck } from "../services/vendor-checks/types.ts";
import { type CliIo, consoleIo, runAsScript } from "./import-cli.ts";

const USAGE = `Usage: npm run check-vendors -- [options]

Asks every outside system the shop is configured for whether it is reached, takes the
credentials and (where the shop needs one) sends its webhook; an unconfigured vendor is checked
as the shop's built-in emulator of it. README "Going live" says what each needs.

Options:
  --url <origin>   the running shop (default: the server holding DATA_DIR, else PUBLIC_URL)
  --json           the answers as JSON
  -h, --help       this text`;

export async function checkVendors(config: Config, shop: string): Promise<VendorCheck[]> {
  return Promise.all([
    checkStoryblok(config, shop),
    checkEngage(config, shop),
    checkElevate(config, shop),
    checkAdyen(config, shop),
  ]);
}

/** Exit codes: 0 every vendor passed, 1 one did not, 2 wrong usage. */
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
  const config = loadConfig(env);
  const shop = (
    parsed.values.url ??
    (await findRunningServer(config.dataDir))?.url ??
    config.PUBLIC_URL
  ).replace(/\/+$/, "");
  const checks = await checkVendors(config, shop);
  if (parsed.values.json) io.out(JSON.stringify(checks, null, 2));
  else
    for (const check of checks) {
      io.out(
        `${passed(check) ? "✓" : "✗"} ${check.vendor} (${check.target}, ${check.url}): ${check.reached ? "reached" : "not reached"}; credentials ${check.credentials}; webhook ${check.webhook}`,
      );
      for (const note of check.notes) io.out(`    ${note}`);
    }
  return checks.every(passed) ? 0 : 1;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: { url: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
}

runAsScript(import.meta.url, (argv) => runCli(argv));
