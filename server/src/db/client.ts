import { access, mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from "../config.ts";
import { migrationsFolder } from "../paths.ts";
import * as schema from "./schema.ts";

/** Both drivers give the same query builder; we type it once as the node-postgres flavour. */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Where the data lives, for logs and /api/health (a path or a URL without password). */
  location: string;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Runs `work` while no other instance runs its own (a PostgreSQL advisory lock): instances
   * started together migrate and seed one after another, never both at once (ADR 0040).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
}

/** The advisory lock key instances take to migrate and seed ("etalage" in ASCII, as a bigint). */
const STARTUP_LOCK = 0x6574616c616765n;

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent, PGlite keeps the data in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** PGlite only: keep the database in memory (tests that want a throw-away database). */
  inMemory?: boolean;
  /** PGlite only: its buffer pool in MiB (`PGLITE_SHARED_BUFFERS_MB`). */
  sharedBuffersMb?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = await resolveMigrations();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a failover, an administrator) is an "error"
    // event of the pool: unheard, it would end the shop's process. The pool has dropped the
    // connection already; the next query opens a new one.
    pool.on("error", (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = drizzleNodePg(pool, { schema });
    const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
      // A session lock on a connection of its own, held while `work` uses the pool.
      const holder = await pool.connect();
      try {
        await holder.query("select pg_advisory_lock($1)", [STARTUP_LOCK.toString()]);
        try {
          return await work();
        } finally {
          await holder.query("select pg_advisory_unlock($1)", [STARTUP_LOCK.toString()]);
        }
      } finally {
        holder.release();
      }
    };
    await exclusively(() => migrateNodePg(db, { migrationsFolder }));
    const url = new URL(options.databaseUrl);
    url.password = "";
    return {
      db,
      kind: "postgres",
      location: url.toString(),
      ping: () => ping(db),
      close: () => pool.end(),
      exclusively,
    };
  }
  const dir = options.inMemory ? undefined : path.resolve(options.dataDir, "pglite");
  if (dir) await mkdir(dir, { recursive: true });
  const sharedBuffersMb = options.sharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB;
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`],
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    location: dir ?? "memory",
    ping: () => ping(db as unknown as Db),
    close: () => client.close(),
    // One process per data folder (main.ts claims it): nobody to wait for.
    exclusively: (work) => work(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

async function resolveMigrations(): Promise<string> {
  const folder = process.env.ETALAGE_MIGRATIONS ?? migrationsFolder;
  await access(path.join(folder, "meta", "_journal.json")).catch(() => {
    throw new Error(`Database migrations not found in ${folder}`);
  });
  return folder;
}
