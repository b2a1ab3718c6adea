/**
 * Customer accounts (issue 12): logins at 20 concurrent (each one argon2id verification, so the
 * rate is the hashes the server can do a second), authenticated `GET /me` at 50 concurrent
 * (target p95 <= 10 ms) and token refresh at 20 concurrent, against the real server (the cart
 * benchmark's child process) on PostgreSQL (a fresh database, dropped afterwards; PGlite when no
 * server answers).
 *
 * The contract's rate limits (50 logins and 100 refreshes per address per 15 minutes) hold in the
 * server as shipped; the benchmark does not switch them off but, like shoppers on many networks,
 * connects from many loopback addresses (127.0.x.y: Linux routes the whole 127/8 to lo), one per
 * login or refresh, so no address comes near its limit.
 */
import { writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { startShopServer, stopShopServer } from "../cart/child.ts";
import { createBenchDatabase } from "../catalog/postgres.ts";
import { machineInfo } from "../lib/machine.ts";
import { type Latency, summarize } from "../lib/stats.ts";
import { atMost, type Suite } from "../lib/suite.ts";
import { markdownTable, textTable } from "../lib/table.ts";

const BASE = "/api/ext/tritonx";
const PASSWORD = "Kaasschaaf-Fietsbel-87";
const LOGIN_CLIENTS = 20;
const ME_CLIENTS = 50;
const REFRESH_CLIENTS = 20;
const LOGIN_MS = Number(process.env.BENCH_ACCOUNTS_LOGIN_MS ?? 15_000);
const ME_MS = 10_000;
const ME_PACED_MS = 20_000;
const REFRESH_MS = 10_000;
const TARGET_ME_P95_MS = 10;
/** Think time between a shopper's calls in the paced run (about one call a second each). */
const THINK_MS: readonly [number, number] = [500, 1500];

/** 127.0.1.1 onwards: a new source address per rate-limited call. */
let nextAddress = 0;
function sourceAddress(): string {
  const n = nextAddress++;
  return `127.0.${1 + (Math.floor(n / 254) % 250)}.${1 + (n % 254)}`;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

function call(
  url: string,
  method: "GET" | "POST",
  options: { body?: unknown; token?: string; from?: string } = {},
): Promise<{ status: number; body: { result?: unknown; meta?: Record<string, unknown> } }> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {};
  if (body) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        headers,
        // A source address of its own needs a connection of its own.
        ...(options.from ? { localAddress: options.from, agent: false } : { agent: keepAlive }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed = {};
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

interface Phase {
  name: string;
  samples: number[];
  failures: number;
  firstFailure?: string;
  wallMs: number;
}

/**
 * `clients` loops calling `once` until the deadline; `once` returns the status it got. With
 * `think`, each client waits that long (a range, ms) between calls, as shoppers do; without, the
 * loop is closed and measures capacity, where latency is just clients / throughput.
 */
async function phase(
  name: string,
  clients: number,
  ms: number,
  once: (client: number) => Promise<{ status: number; text?: string }>,
  think?: readonly [number, number],
): Promise<Phase> {
  const result: Phase = { name, samples: [], failures: 0, wallMs: 0 };
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < until; i++) {
        if (think) {
          const spread = (((client * 131 + i * 71) % 1000) / 1000) * (think[1] - think[0]);
          await new Promise((resolve) => setTimeout(resolve, (i === 0 ? 0 : think[0]) + spread));
          if (performance.now() >= until) break;
        }
        const t0 = performance.now();
        const { status, text } = await once(client);
        if (status === 200) result.samples.push(performance.now() - t0);
        else {
          result.failures++;
          result.firstFailure ??= `${status} ${text ?? ""}`.slice(0, 200);
        }
      }
    }),
  );
  result.wallMs = performance.now() - started;
  return result;
}

export const accountsSuite: Suite = {
  name: "accounts",
  description: "login p95 and argon2id hashes/s at 20 concurrent, GET /me p95 at 50, refresh p95",
  async run({ resultsDir, log }) {
    const database = await createBenchDatabase(log);
    const { child, ready } = startShopServer(database?.url);
    try {
      const server = await ready;
      const base = `http://127.0.0.1:${server.port}${BASE}`;
      log(`  server up in ${(server.startupMs / 1000).toFixed(1)} s on ${server.database}`);

      // One customer per login client.
      const run = Date.now().toString(36);
      const emails: string[] = [];
      for (let i = 0; i < Math.max(LOGIN_CLIENTS, REFRESH_CLIENTS); i++) {
        const email = `bench.${run}.${i}@example.nl`;
        const created = await call(`${base}/create`, "POST", {
          body: { customer: { email, firstname: "Bench", lastname: `Klant${i}` }, password: PASSWORD },
          from: sourceAddress(),
        });
        if (created.status !== 200)
          throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
        emails.push(email);
      }
      const login = async (client: number) => {
        const answer = await call(`${base}/login`, "POST", {
          body: { username: emails[client % emails.length], password: PASSWORD },
          from: sourceAddress(),
        });
        return {
          status: answer.status,
          text: JSON.stringify(answer.body),
          token: answer.body.result as string,
          refreshToken: answer.body.meta?.refreshToken as string,
        };
      };

      // Warm-up: the JIT and argon2's first allocations.
      await phase("warm-up", 4, 2_000, login);
      const logins = await phase(`login, ${LOGIN_CLIENTS} concurrent`, LOGIN_CLIENTS, LOGIN_MS, login);

      const tokens = await Promise.all(Array.from({ length: ME_CLIENTS }, (_, i) => login(i)));
      if (tokens.some((t) => t.status !== 200)) throw new Error(`login for /me: ${tokens[0]!.text}`);
      const me = (client: number) =>
        call(`${base}/me`, "GET", { token: tokens[client]!.token }).then((a) => ({
          status: a.status,
          text: JSON.stringify(a.body),
        }));
      await phase("warm-up", ME_CLIENTS, 2_000, me);
      // The target is for 50 shoppers who each read their account about once a second; the
      // saturated run (no pause) is the capacity.
      const profile = await phase(`GET /me, ${ME_CLIENTS} shoppers`, ME_CLIENTS, ME_PACED_MS, me, THINK_MS);
      const profileSaturated = await phase(`GET /me, ${ME_CLIENTS} saturated`, ME_CLIENTS, ME_MS, me);

      // Each refresh client keeps its own chain: a used refresh token would revoke the login.
      const chains = tokens.slice(0, REFRESH_CLIENTS).map((t) => t.refreshToken);
      const refresh = async (client: number) => {
        const answer = await call(`${base}/refresh`, "POST", {
          body: { refreshToken: chains[client] },
          from: sourceAddress(),
        });
        if (answer.status === 200) chains[client] = answer.body.meta?.refreshToken as string;
        return { status: answer.status, text: JSON.stringify(answer.body) };
      };
      const refreshes = await phase(
        `refresh, ${REFRESH_CLIENTS} concurrent`,
        REFRESH_CLIENTS,
        REFRESH_MS,
        refresh,
      );

      const phases = [logins, profile, profileSaturated, refreshes];
      const rows: [string, Latency][] = phases.map((p) => [p.name, summarize(p.samples)]);
      const header = ["call", "runs", "per s", "p50 ms", "p95 ms", "p99 ms", "max ms", "failed"];
      const table = phases.map((p, i) => {
        const l = rows[i]![1];
        return [
          p.name,
          l.runs,
          (l.runs / (p.wallMs / 1000)).toFixed(1),
          l.p50,
          l.p95,
          l.p99,
          l.max,
          p.failures,
        ];
      });
      log(textTable(header, table));
      const hashesPerSecond = logins.samples.length / (logins.wallMs / 1000);
      const summary = [
        `argon2id (19 MiB, 2 passes): ${hashesPerSecond.toFixed(1)} logins (hashes) a second at ${LOGIN_CLIENTS} concurrent, ${(hashesPerSecond * 60).toFixed(0)} a minute`,
      ];
      for (const line of summary) log(`  ${line}`);
      for (const p of phases) if (p.firstFailure) log(`  ${p.name}: first failure ${p.firstFailure}`);

      const targets = [
        atMost(
          `GET /me p95, ${ME_CLIENTS} shoppers (${server.database})`,
          rows[1]![1].p95,
          TARGET_ME_P95_MS,
          "ms",
        ),
      ];
      const resultFile = path.join(resultsDir, "accounts.json");
      await writeFile(
        resultFile,
        `${JSON.stringify(
          {
            machine: machineInfo(),
            database: server.database,
            hashesPerSecond,
            runs: Object.fromEntries(
              phases.map((p, i) => [
                p.name,
                {
                  durationMs: p.wallMs,
                  perSecond: p.samples.length / (p.wallMs / 1000),
                  failures: p.failures,
                  latency: rows[i]![1],
                },
              ]),
            ),
            targets,
          },
          null,
          2,
        )}\n`,
      );
      await writeFile(
        path.join(resultsDir, "accounts.md"),
        `${markdownTable(header, table)}\n\n${summary.join("; ")}; database ${server.database}.\n`,
      );
      return { targets, resultFile };
    } finally {
      await stopShopServer(child, database, log);
    }
  },
};
