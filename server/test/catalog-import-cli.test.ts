import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliIo, runCli } from "../src/cli/catalog-import.ts";
import { serverRoot } from "../src/paths.ts";
import { announceServer } from "../src/services/catalog-import/running-server.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/** `npm run catalog:import`: path handling, the way to a running server, and the example file. */

const TOKEN = "test-admin-token-cli-0123456789";
const EXAMPLE = path.join(serverRoot, "..", "docs", "examples", "catalog-example.jsonl");
let server: TestServer;
let work: string;
const previousToken = process.env.ADMIN_TOKEN;

function capture(): CliIo & { out_: string[]; err_: string[] } {
  const out_: string[] = [];
  const err_: string[] = [];
  return { out_, err_, out: (l) => out_.push(l), err: (l) => err_.push(l) };
}

const product = (id: number, sku: string, url: string, price: unknown = 41.3223) => ({
  type: "product",
  data: {
    id,
    sku,
    name: `CLI ${sku}`,
    type_id: "simple",
    status: 1,
    visibility: 4,
    url_key: url,
    url_path: url,
    slug: url,
    price,
    tax_class_id: 2,
    stock: { qty: 1, is_in_stock: true },
    category: [],
    category_ids: [],
  },
});

beforeAll(async () => {
  process.env.ADMIN_TOKEN = TOKEN;
  server = await startTestServer({ storefront: false });
  work = await mkdtemp(path.join(tmpdir(), "etalage-cli-"));
  await writeFile(
    path.join(work, "good.jsonl"),
    `${JSON.stringify(product(9_250_001, "T-CLI-1", "test-cli-een"))}\n`,
  );
  await writeFile(
    path.join(work, "bad.jsonl"),
    [product(9_250_002, "T-CLI-2", "test-cli-twee"), product(9_250_003, "T-CLI-3", "test-cli-drie", "veel")]
      .map((r) => JSON.stringify(r))
      .join("\n"),
  );
});
afterAll(async () => {
  if (previousToken === undefined) delete process.env.ADMIN_TOKEN;
  else process.env.ADMIN_TOKEN = previousToken;
  if (server) {
    await server.services.database.db.execute("delete from stock where sku like 'T-CLI-%'");
    await server.services.database.db.execute("delete from products where id between 9250000 and 9259999");
    await server.close();
  }
  if (work) await rm(work, { recursive: true, force: true });
});

describe("catalog:import CLI", () => {
  it("reads a relative path from where npm was run (INIT_CWD) and imports through --url", async () => {
    const io = capture();
    const code = await runCli(
      ["good.jsonl", "--url", server.url],
      { INIT_CWD: work, ADMIN_TOKEN: TOKEN },
      io,
    );
    expect(io.err_).toEqual([]);
    expect(code).toBe(0);
    expect(io.out_[0]).toMatch(
      /^Imported through http:\/\/127\.0\.0\.1:\d+: 0 categories, .*1 products.*; index refreshed$/,
    );
    expect((await server.post("/api/url/map", { url: "test-cli-een" })).status).toBe(200);
  });

  it("prints every problem with its line and exits 1, writing nothing", async () => {
    const io = capture();
    const code = await runCli(["bad.jsonl", "--url", server.url, "--token", TOKEN], { INIT_CWD: work }, io);
    expect(code).toBe(1);
    expect(io.err_).toEqual([
      "line 2: data.price: Invalid input: expected number, received string",
      "Refused: 1 problem; nothing was written.",
    ]);
    expect((await server.post("/api/url/map", { url: "test-cli-twee" })).status).toBe(404);
  });

  it("exits 2 on wrong usage or an unreadable file, 1 on a wrong token", async () => {
    expect(await runCli([], {}, capture())).toBe(2);
    expect(await runCli(["a.jsonl", "b.jsonl"], {}, capture())).toBe(2);
    expect(await runCli(["--nope", "a.jsonl"], {}, capture())).toBe(2);
    const missing = capture();
    expect(await runCli(["missing.jsonl"], { INIT_CWD: work }, missing)).toBe(2);
    expect(missing.err_[0]).toContain(path.join(work, "missing.jsonl"));
    const wrong = capture();
    expect(
      await runCli(["good.jsonl", "--url", server.url, "--token", "wrong"], { INIT_CWD: work }, wrong),
    ).toBe(1);
    expect(wrong.err_[0]).toMatch(/answered 401: authorization: /);
  });

  it("does not open a PGlite folder a live server holds: it goes through that server, or refuses without a token", async () => {
    const dataDir = path.join(work, "held");
    await mkdir(dataDir);
    const release = await announceServer(dataDir, server.url.replace("127.0.0.1", "0.0.0.0"));
    try {
      const refused = capture();
      const env = { INIT_CWD: work, DATA_DIR: dataDir, DATABASE_URL: "" };
      expect(await runCli(["good.jsonl"], env, refused)).toBe(1);
      expect(refused.err_[0]).toMatch(/holds the PGlite database .* allows one process per data folder/);
      const through = capture();
      expect(await runCli(["good.jsonl", "--dry-run"], { ...env, ADMIN_TOKEN: TOKEN }, through)).toBe(0);
      expect(through.out_.join("\n")).toMatch(
        /importing through http:\/\/127\.0\.0\.1:\d+[\s\S]*Checked \(dry run/,
      );
    } finally {
      await release();
    }
  });

  it("imports the documented example file into an empty database, twice", async () => {
    const env = { INIT_CWD: work, DATA_DIR: path.join(work, "fresh"), DATABASE_URL: "", LOG_LEVEL: "silent" };
    const first = capture();
    expect(await runCli([EXAMPLE], env, first)).toBe(0);
    expect(first.out_[0]).toMatch(
      /^Imported into .*: 4 categories, 3 attributes, 2 taxrules, 5 products, 2 children, 2 redirects, 2 landing pages, 0 removed children$/,
    );
    const again = capture();
    expect(await runCli([EXAMPLE], env, again)).toBe(0);
    expect(again.out_[0]).toBe(first.out_[0]);
    // Every record type is in the example.
    const types = new Set(
      (await readFile(EXAMPLE, "utf8"))
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).type),
    );
    expect([...types].sort()).toEqual([
      "attribute",
      "category",
      "landing_page",
      "product",
      "redirect",
      "taxrule",
    ]);
  });

  it("runs as a process, as npm runs it from the server workspace", async () => {
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "src/cli/catalog-import.ts", "good.jsonl", "--url", server.url, "--dry-run"],
      { cwd: serverRoot, env: { ...process.env, INIT_CWD: work, ADMIN_TOKEN: TOKEN } },
    );
    expect(stdout).toMatch(/^Checked \(dry run, nothing written\) through /);
  });
});
