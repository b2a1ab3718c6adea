import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "./client.ts";

const open: Database[] = [];
afterAll(async () => {
  for (const database of open) await database.close();
});

async function sharedBuffers(): Promise<string> {
  const database = await openDatabase({ dataDir: "unused", inMemory: true });
  open.push(database);
  const { rows } = await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
  return rows[0]!.shared_buffers;
}

describe("PGlite's buffer pool", () => {
  // It lives in WebAssembly memory that never shrinks: Postgres' default of 128 MB was 152 MB
  // of resident memory once the catalogue had been read (docs/decisions/0013-memory-budget.md).
  it("is 32 MB unless configured", async () => {
    expect(await sharedBuffers()).toBe("32MB");
  });

  it("takes PGLITE_SHARED_BUFFERS_MB's value", () => {
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS_MB).toBe(32);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: "16" }).PGLITE_SHARED_BUFFERS_MB).toBe(16);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: "0" })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });
});
