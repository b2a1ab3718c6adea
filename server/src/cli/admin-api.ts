import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { findRunningServer } from "../services/catalog-import/running-server.ts";
import type { CliIo } from "./import-cli.ts";

/*
 * What the operator's CLIs that work through the running shop's admin API share (`npm run
 * reviews`, `staff`, `orders`, `elevate:export`): they go through the API so its rules hold and a
 * PGlite folder is never opened by two processes. Exit codes: 0 done, 1 refused or failed, 2 wrong
 * usage.
 */

/** The options every such CLI takes, for `parseArgs`. */
const ADMIN_OPTIONS = {
  url: { type: "string" },
  token: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

type Options = NonNullable<Parameters<typeof parseArgs>[0]>["options"];

/** The parsed arguments, or the exit code to end with (help printed, or wrong usage explained). */
export function parseAdminArgs<const O extends Options>(
  argv: readonly string[],
  usage: string,
  io: CliIo,
  options: O,
) {
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { ...ADMIN_OPTIONS, ...options },
    });
    if ("help" in parsed.values && parsed.values.help === true) {
      io.out(usage);
      return 0;
    }
    return parsed;
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
}

/** A request to the admin API: the answer's `result`, or undefined once the failure is printed. */
type AdminCall = (
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<unknown>;

export interface AdminApi {
  origin: string;
  token: string;
  call: AdminCall;
}

/**
 * The shop to talk to: `--url`, else the server holding DATA_DIR, else PORT on this machine; with
 * the token of `--token` or ADMIN_TOKEN. Null, after saying why, without a token. `base` is the
 * API's path (`/api/admin/reviews`), `purpose` names the work in that message.
 */
export async function adminApi(
  base: string,
  values: { url?: string | undefined; token?: string | undefined },
  env: NodeJS.ProcessEnv,
  io: CliIo,
  purpose: string,
): Promise<AdminApi | null> {
  const token = values.token ?? env.ADMIN_TOKEN;
  if (!token) {
    io.err(`Set ADMIN_TOKEN (or pass --token): ${purpose} goes through the shop's admin API.`);
    return null;
  }
  const origin = values.url ?? (await localShop(env));
  const call: AdminCall = async (method, path, body, headers = {}) => {
    try {
      const response = await fetch(new URL(`${base}${path}`, origin), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === "POST" ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        ...(method === "POST" ? { body: JSON.stringify(body ?? {}) } : {}),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        result?: unknown;
        meta?: { errors?: { path: string; message: string }[] };
      };
      if (response.ok) return answer.result;
      const problems = answer.meta?.errors?.map((e) => `${e.path}: ${e.message}`).join("; ");
      io.err(
        `${origin} answered ${response.status}: ${problems ?? String(answer.result ?? response.statusText)}`,
      );
      return undefined;
    } catch (error) {
      io.err(`Cannot reach ${origin}: ${(error as Error).cause ?? (error as Error).message}`);
      return undefined;
    }
  };
  return { origin, token, call };
}

/** The shop on this machine: the server holding DATA_DIR, else PORT. */
async function localShop(env: NodeJS.ProcessEnv): Promise<string> {
  const config = loadConfig(env);
  return (await findRunningServer(config.dataDir))?.url ?? `http://127.0.0.1:${config.PORT}`;
}
