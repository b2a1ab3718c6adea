/**
 * Issue 27 item 2: a guest's page from the HTML cache against a bare Node `http` server sending a
 * body of the same size, on the same machine, in the same run. The shop runs as `npm start` runs
 * it (HTML cache on); the bare server is a child process answering every request with the shop's
 * own bytes for that page. Each is loaded in turn, twice, with autocannon at the same settings:
 * once without `Accept-Encoding` (the whole page) and once as a browser asks (`br, gzip`: the bare
 * server then sends the brotli body). The figure is the shop's requests/s as a share of the bare
 * server's.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { machineInfo } from "../lib/machine.ts";
import { startStorefront } from "../lib/storefront-server.ts";
import { atLeast, atMost, type Suite, type TargetResult } from "../lib/suite.ts";
import { markdownTable, textTable } from "../lib/table.ts";

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.HTML_CACHE_SECONDS) || 5;
const ROUNDS = 2;
const TARGET_SHARE = 0.6;
const PAGES = ["/kleding/overhemden/", "/"];

/** A bare `node:http` server answering every request with `file`'s bytes; its base URL. */
async function bareServer(
  file: string,
  encoding: string | null,
): Promise<{ base: string; child: ChildProcess }> {
  const script = `
const http = require("node:http");
const body = require("node:fs").readFileSync(process.argv[1]);
const headers = { "content-type": "text/html; charset=utf-8", "content-length": body.length${encoding ? `, "content-encoding": "${encoding}"` : ""} };
const server = http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
server.keepAliveTimeout = 72000;
server.listen(0, "127.0.0.1", () => process.send(server.address().port));`;
  const child = spawn(process.execPath, ["-e", script, file], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m) => resolve(Number(m)));
    child.once("exit", (code) => reject(new Error(`bare server ended (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

async function rps(url: string, encoding: string | null): Promise<{ rps: number; non2xx: number }> {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: encoding ? { "accept-encoding": encoding } : {},
  });
  return { rps: r.requests.mean, non2xx: r.non2xx + r.errors + r.timeouts };
}

/** The page's bytes as the shop sends them for `encoding`, and whether it came from the cache. */
async function bytesOf(
  url: string,
  encoding: string | null,
): Promise<{ body: Buffer; cache: string; contentEncoding: string | null }> {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: encoding ? { "accept-encoding": encoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            body: Buffer.concat(chunks),
            cache: String(res.headers["x-cache"] ?? ""),
            contentEncoding: (res.headers["content-encoding"] as string | undefined) ?? null,
          }),
        );
      })
      .on("error", reject);
  });
}

export const htmlCacheSuite: Suite = {
  name: "html-cache",
  description: "a guest page from the HTML cache as a share of a bare node:http server's requests/s",
  async run({ resultsDir, log }) {
    const started = performance.now();
    const server = await startStorefront({ env: { HTML_CACHE: "on" } });
    const work = await mkdtemp(path.join(os.tmpdir(), "etalage-bare-"));
    const rows: (string | number)[][] = [];
    const figures: Record<string, unknown>[] = [];
    const targets: TargetResult[] = [];
    try {
      for (const page of PAGES) {
        for (const encoding of [null, "br, gzip"]) {
          const url = server.base + page;
          await bytesOf(url, encoding);
          const sample = await bytesOf(url, encoding);
          if (sample.cache !== "HIT")
            throw new Error(
              `${page} (${encoding ?? "identity"}) is not from the cache: x-cache ${sample.cache}`,
            );
          const file = path.join(work, "body");
          await writeFile(file, sample.body);
          const bare = await bareServer(file, sample.contentEncoding);
          try {
            const shop: number[] = [];
            const plain: number[] = [];
            let failures = 0;
            await rps(bare.base, encoding); // both warm
            await rps(url, encoding);
            for (let round = 0; round < ROUNDS; round++) {
              const b = await rps(bare.base, encoding);
              const s = await rps(url, encoding);
              plain.push(b.rps);
              shop.push(s.rps);
              failures += s.non2xx;
            }
            const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
            const share = mean(shop) / mean(plain);
            const label = `${page} ${encoding ? "br" : "identity"}`;
            log(
              `${label}: shop ${mean(shop).toFixed(0)} req/s, bare ${mean(plain).toFixed(0)} req/s (${(share * 100).toFixed(0)} %)`,
            );
            rows.push([
              page,
              sample.contentEncoding ?? "identity",
              sample.body.length / 1024,
              mean(shop),
              mean(plain),
              `${(share * 100).toFixed(0)} %`,
            ]);
            figures.push({
              page,
              encoding: sample.contentEncoding ?? "identity",
              bytes: sample.body.length,
              shop,
              bare: plain,
              share,
            });
            targets.push(
              atLeast(
                `${label}: cached HTML as a share of bare node:http`,
                share * 100,
                TARGET_SHARE * 100,
                "%",
              ),
              atMost(`${label}: answers that failed`, failures, 0, "answers"),
            );
          } finally {
            bare.child.kill();
          }
        }
      }
    } finally {
      await server.stop();
      await rm(work, { recursive: true, force: true });
    }
    const header = ["page", "encoding", "body kB", "shop req/s", "bare req/s", "share"];
    log(`\n${textTable(header, rows)}`);
    const machine = machineInfo();
    const tookSeconds = (performance.now() - started) / 1000;
    const md = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, load average ${machine.loadAverage[0]} at the end (${tookSeconds.toFixed(0)} s). autocannon ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s each, shop and bare server in turn.`,
      "",
      markdownTable(header, rows),
      "",
    ].join("\n");
    await writeFile(path.join(resultsDir, "html-cache.md"), md);
    const resultFile = path.join(resultsDir, "html-cache.json");
    await writeFile(
      resultFile,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, tookSeconds, connections: CONNECTIONS, durationSeconds: DURATION_S, pages: figures, targets }, null, 2)}\n`,
    );
    return { targets, resultFile };
  },
};
