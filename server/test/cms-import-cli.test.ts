/** `npm run content:import`: all or nothing across files, through a server or straight into a database. */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliIo, runCli } from "../src/cli/content-import.ts";
import { openDatabase } from "../src/db/client.ts";
import { announceServer } from "../src/services/catalog-import/running-server.ts";
import { demoContentDir } from "../src/services/cms/demo-content.ts";
import { CmsStore } from "../src/services/cms/stories.ts";
import { CMS_BASE, cmsEnv, EDITOR_TOKEN, getJson, textPage, uniqueSlug } from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
let work: string;
const good = uniqueSlug("cli");
const alsoGood = uniqueSlug("cli");

function capture(): CliIo & { out_: string[]; err_: string[] } {
  const out_: string[] = [];
  const err_: string[] = [];
  return { out_, err_, out: (l) => out_.push(l), err: (l) => err_.push(l) };
}

const file = (stories: unknown[]) => JSON.stringify({ stories });

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: cmsEnv });
  work = await mkdtemp(path.join(tmpdir(), "etalage-content-cli-"));
  await writeFile(
    path.join(work, "good.json"),
    file([{ name: "CLI", full_slug: good, content: textPage("<p>CLI</p>"), publish: true }]),
  );
  await writeFile(
    path.join(work, "bad.json"),
    file([
      { name: "Ook goed", full_slug: alsoGood, content: textPage("<p>ok</p>"), publish: true },
      {
        name: "Fout",
        full_slug: uniqueSlug("cli"),
        content: { component: "page", body: [{ component: "banner" }] },
      },
    ]),
  );
  await writeFile(path.join(work, "broken.json"), "{ nope");
});
afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("content:import CLI", () => {
  it("imports through a running server (--url)", async () => {
    const io = capture();
    const code = await runCli(
      ["good.json", "--url", server.url, "--token", EDITOR_TOKEN],
      { INIT_CWD: work },
      io,
    );
    expect(io.err_).toEqual([]);
    expect(code).toBe(0);
    expect(io.out_[0]).toMatch(
      /^Imported through http:\/\/127\.0\.0\.1:\d+: 1 created, 0 updated, 0 unchanged, 1 published$/,
    );
    expect((await getJson(server, `${CMS_BASE}/story/${good}`)).status).toBe(200);
  });

  it("refuses every file when one story is wrong, naming the path, and writes nothing", async () => {
    const io = capture();
    const code = await runCli(
      ["good.json", "bad.json", "--url", server.url],
      { INIT_CWD: work, CMS_EDITOR_TOKEN: EDITOR_TOKEN },
      io,
    );
    expect(code).toBe(1);
    expect(io.err_[0]).toBe(
      "body.stories[2].content.body[0].title: Invalid input: expected string, received undefined",
    );
    expect(io.err_.at(-1)).toMatch(/nothing was written/);
    expect((await getJson(server, `${CMS_BASE}/story/${alsoGood}`)).status).toBe(404);
  });

  it("names the file of a problem when it writes to the database itself", async () => {
    const io = capture();
    const env = {
      INIT_CWD: work,
      DATA_DIR: path.join(work, "direct-bad"),
      DATABASE_URL: "",
      LOG_LEVEL: "silent",
    };
    expect(await runCli(["bad.json"], env, io)).toBe(1);
    expect(io.err_[0]).toBe(
      "bad.json: stories[1].content.body[0].title: Invalid input: expected string, received undefined",
    );
    const broken = capture();
    expect(await runCli(["broken.json"], env, broken)).toBe(1);
    expect(broken.err_[0]).toMatch(/^broken\.json: \(file\): is not JSON/);
  });

  it("imports the demo content into an empty database; a second run changes nothing", async () => {
    const files = ["categories.json", "home.json", "layout.json", "pages.json"].map((f) =>
      path.join(demoContentDir, f),
    );
    const dataDir = path.join(work, "fresh");
    const env = { INIT_CWD: work, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" };
    const first = capture();
    expect(await runCli(files, env, first)).toBe(0);
    expect(first.out_[0]).toMatch(/^Imported into .*: 16 created, 0 updated, 0 unchanged, 16 published$/);
    const again = capture();
    expect(await runCli(files, env, again)).toBe(0);
    expect(again.out_[0]).toMatch(/: 0 created, 0 updated, 16 unchanged, 16 published$/);
    const database = await openDatabase({ dataDir });
    try {
      const store = new CmsStore(database.db);
      expect((await store.list()).every((s) => s.state === "published" && s.draft_version === 1)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it("exits 2 on wrong usage or an unreadable file, 1 on a wrong token", async () => {
    expect(await runCli([], {}, capture())).toBe(2);
    expect(await runCli(["--nope", "a.json"], {}, capture())).toBe(2);
    expect(await runCli(["missing.json"], { INIT_CWD: work }, capture())).toBe(2);
    const wrong = capture();
    expect(
      await runCli(["good.json", "--url", server.url, "--token", "wrong"], { INIT_CWD: work }, wrong),
    ).toBe(1);
    expect(wrong.err_[0]).toMatch(/answered 401: authorization: /);
  });

  it("goes through the server that holds a PGlite folder, or refuses without the editor token", async () => {
    const dataDir = path.join(work, "held");
    await mkdir(dataDir);
    const release = await announceServer(dataDir, server.url.replace("127.0.0.1", "0.0.0.0"));
    try {
      const env = { INIT_CWD: work, DATA_DIR: dataDir, DATABASE_URL: "" };
      const refused = capture();
      expect(await runCli(["good.json"], env, refused)).toBe(1);
      expect(refused.err_[0]).toMatch(/holds the PGlite database .* Set CMS_EDITOR_TOKEN/);
      const through = capture();
      expect(
        await runCli(["good.json", "--dry-run"], { ...env, CMS_EDITOR_TOKEN: EDITOR_TOKEN }, through),
      ).toBe(0);
      expect(through.out_.join("\n")).toMatch(
        /importing through http:\/\/127\.0\.0\.1:\d+[\s\S]*Checked \(dry run/,
      );
    } finally {
      await release();
    }
  });
});
