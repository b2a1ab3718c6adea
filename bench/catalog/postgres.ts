/**
 * The same faceted browse as SQL with GROUP BY facets, on the real PostgreSQL server when it
 * answers (a fresh database etalage_ci_bench_<ts>, dropped at the end), else on PGlite in memory.
 * One row per parent, catalogue-scoped colours and sizes as int[] (parent's and enabled
 * children's values, like our `catalog` scope), GIN on the arrays, btree on price and brand.
 *
 * Three ways to run one browse (page + 4 facets) are timed and the fastest is reported:
 *  - sequential: 5 prepared statements, one after the other on one connection;
 *  - single: one statement, a materialised CTE of the category's rows and UNION ALL of the page
 *    and the facet GROUP BYs (one round trip, the category scanned once);
 *  - parallel: the 5 statements at once on 5 pooled connections (PostgreSQL only).
 */
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Latency, summarize, timeAsync } from "../lib/stats.ts";
import {
  type BrowseOutcome,
  type BrowseQuery,
  CATALOG_STATUS,
  CATALOG_VISIBILITY,
  FACET_SIZE,
  type FlatProduct,
  PAGE_SIZE,
  PRICE_BUCKETS,
} from "./data.ts";

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Row = Record<string, unknown>;

interface SqlClient {
  kind: "postgres" | "pglite";
  location: string;
  /** `name` makes it a prepared statement on PostgreSQL (parsed and planned once per connection). */
  query(text: string, values?: unknown[], name?: string): Promise<Row[]>;
  /** Runs on any pooled connection; undefined on PGlite (one connection). */
  poolQuery?: (text: string, values: unknown[], name: string) => Promise<Row[]>;
  close(): Promise<void>;
}

export interface BenchDatabase {
  kind: "postgres" | "pglite";
  /** The fresh PostgreSQL database (also handed to the HTTP server); undefined on PGlite. */
  url?: string;
  name?: string;
  drop(): Promise<void>;
}

/** A fresh database on the PostgreSQL server if it answers within 3 s; undefined otherwise. */
export async function createBenchDatabase(log: (line: string) => void): Promise<BenchDatabase | undefined> {
  const name = `etalage_ci_bench_${Date.now()}`;
  // The name goes into DDL unquoted-safe only because of this check (the CI helper's rule too).
  if (!/^etalage_ci_\w+$/.test(name)) throw new Error(`refusing database name ${name}`);
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    await admin.query(`create database "${name}"`);
  } catch (error) {
    log(`  postgres: not reachable at ${redact(ADMIN_URL)} (${(error as Error).message}); using PGlite`);
    await admin.end().catch(() => undefined);
    return undefined;
  }
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind: "postgres",
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

function redact(url: string): string {
  const u = new URL(url);
  u.password = "";
  return u.toString();
}

async function connect(database: BenchDatabase | undefined): Promise<SqlClient> {
  if (database?.url) {
    const pool = new pg.Pool({ connectionString: database.url, max: 5 });
    const one = await pool.connect();
    return {
      kind: "postgres",
      location: redact(database.url),
      query: async (text, values = [], name) =>
        (await one.query({ text, values, ...(name ? { name } : {}) })).rows,
      poolQuery: async (text, values, name) => (await pool.query({ text, values, name })).rows,
      async close() {
        one.release();
        await pool.end();
      },
    };
  }
  const db = await PGlite.create();
  return {
    kind: "pglite",
    location: "memory",
    query: async (text, values = []) => (await db.query<Row>(text, values)).rows,
    close: () => db.close(),
  };
}

/** PostgreSQL array literals, so the same SQL works with both drivers: '{49,52}' cast to int[]. */
const intArray = (values: readonly (string | number)[]) => `{${values.map((v) => Number(v)).join(",")}}`;

const SYSTEM = `visibility = any('${intArray(CATALOG_VISIBILITY)}'::int2[]) and status = any('${intArray(CATALOG_STATUS)}'::int2[])`;

/** The price buckets of the contract ([from, to), the last open) as a CASE giving the bucket id. */
const BUCKET_CASE = `case ${PRICE_BUCKETS.map((b) =>
  b.to === undefined ? `else '${b.id}'` : `when price < ${b.to} then '${b.id}'`,
).join(" ")} end`;

const SCHEMA = [
  `create table bench_product (
     id integer primary key,
     sku text not null,
     name text not null,
     brand integer,
     category_ids integer[] not null,
     colors integer[] not null,
     sizes integer[] not null,
     price double precision,
     visibility smallint not null,
     status smallint not null
   )`,
];
const INDEXES = [
  "create index bench_product_category on bench_product using gin (category_ids)",
  "create index bench_product_colors on bench_product using gin (colors)",
  "create index bench_product_sizes on bench_product using gin (sizes)",
  "create index bench_product_price on bench_product (price, id)",
  "create index bench_product_brand on bench_product (brand)",
];

async function load(sql: SqlClient, flat: readonly FlatProduct[]): Promise<void> {
  for (const statement of SCHEMA) await sql.query(statement);
  // Batches of 2,000 rows through unnest: 10 round trips instead of 20,000.
  for (let at = 0; at < flat.length; at += 2_000) {
    const rows = flat.slice(at, at + 2_000);
    await sql.query(
      `insert into bench_product
       select id, sku, name, brand, cats::int[], cols::int[], szs::int[], price, vis, st
       from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[],
                   $8::float8[], $9::int2[], $10::int2[]) as t(id, sku, name, brand, cats, cols, szs, price, vis, st)`,
      [
        rows.map((p) => p.id),
        rows.map((p) => p.sku),
        rows.map((p) => p.name),
        rows.map((p) => (p.brand === "" ? null : Number(p.brand))),
        rows.map((p) => intArray(p.categoryIds)),
        rows.map((p) => intArray(p.colors)),
        rows.map((p) => intArray(p.sizes)),
        rows.map((p) => p.price),
        rows.map((p) => p.visibility),
        rows.map((p) => p.status),
      ],
    );
  }
  for (const statement of INDEXES) await sql.query(statement);
  await sql.query("analyze bench_product");
}

/** The five statements of one browse; `limit` null gives every facet option (for checks). */
function statements(sort: "asc" | "desc", limit: number | null = FACET_SIZE) {
  const cut = limit === null ? "" : ` limit ${limit}`;
  const where = (parts: string[]) => `where ${[...parts, SYSTEM].join(" and ")}`;
  const cat = "category_ids && $1::int[]";
  const col = "colors && $2::int[]";
  const siz = "sizes && $3::int[]";
  return {
    page: `select id, sku, name, price from bench_product ${where([cat, col, siz])}
           order by price ${sort}, id limit ${PAGE_SIZE} offset $4`,
    color: `select c::text as key, count(*)::int as n from bench_product, unnest(colors) c
            ${where([cat, "sizes && $2::int[]"])} group by c order by n desc, c${cut}`,
    size: `select s::text as key, count(*)::int as n from bench_product, unnest(sizes) s
           ${where([cat, col])} group by s order by n desc, s${cut}`,
    brand: `select brand::text as key, count(*)::int as n from bench_product ${where([cat, col, siz])}
            group by brand order by n desc, brand${cut}`,
    price: `select ${BUCKET_CASE} as key, count(*)::int as n from bench_product ${where([cat, col, siz])}
            group by 1`,
  };
}

/**
 * The one-statement browse: the category's rows once, then the page and every facet from them.
 * Facet ties are ordered by the integer value (`u.v`), as in the separate statements, so both
 * ways cut the same 10 options.
 */
function singleStatement(sort: "asc" | "desc"): string {
  return `with base as materialized (
      select id, price, brand, colors, sizes, colors && $2::int[] as c_ok, sizes && $3::int[] as s_ok
      from bench_product where category_ids && $1::int[] and ${SYSTEM}
    )
    (select 'page' as kind, id::text as key, row_number() over (order by price ${sort}, id)::int as n
       from base where c_ok and s_ok order by price ${sort}, id limit ${PAGE_SIZE} offset $4)
    union all
    (select 'color', u.v::text, count(*)::int from base, unnest(colors) as u(v) where s_ok
       group by u.v order by 3 desc, u.v limit ${FACET_SIZE})
    union all
    (select 'size', u.v::text, count(*)::int from base, unnest(sizes) as u(v) where c_ok
       group by u.v order by 3 desc, u.v limit ${FACET_SIZE})
    union all
    (select 'brand', base.brand::text, count(*)::int from base where c_ok and s_ok
       group by base.brand order by 3 desc, base.brand limit ${FACET_SIZE})
    union all
    (select 'price', ${BUCKET_CASE}, count(*)::int from base where c_ok and s_ok group by 2)`;
}

const facetMap = (rows: Row[]) => Object.fromEntries(rows.map((r) => [String(r.key), Number(r.n)]));

function outcome(page: Row[], color: Row[], size: Row[], brand: Row[], price: Row[]): BrowseOutcome {
  const prices = facetMap(price);
  return {
    // Every listed row has a price, so the buckets add up to the total (saves a count query).
    total: Object.values(prices).reduce((a, b) => a + b, 0),
    pageIds: page.map((r) => Number(r.id)),
    facets: { color: facetMap(color), size: facetMap(size), brand: facetMap(brand), price: prices },
  };
}

function params(q: BrowseQuery) {
  const cat = intArray([q.category]);
  const col = intArray(q.colors);
  const siz = intArray(q.sizes);
  return {
    page: [cat, col, siz, q.page * PAGE_SIZE],
    color: [cat, siz],
    size: [cat, col],
    brand: [cat, col, siz],
    price: [cat, col, siz],
    single: [cat, col, siz, q.page * PAGE_SIZE],
  };
}

/** Key order of facet maps depends on row order; compare sorted. */
function canonical(o: BrowseOutcome): string {
  const facets = Object.entries(o.facets)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, options]) => [name, Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1))]);
  return JSON.stringify([o.total, o.pageIds, facets]);
}

type Runner = (q: BrowseQuery) => Promise<BrowseOutcome>;

function runners(sql: SqlClient): Record<string, Runner> {
  const sequential: Runner = async (q) => {
    const s = statements(q.sort);
    const p = params(q);
    const page = await sql.query(s.page, p.page, `page_${q.sort}`);
    const color = await sql.query(s.color, p.color, "facet_color");
    const size = await sql.query(s.size, p.size, "facet_size");
    const brand = await sql.query(s.brand, p.brand, "facet_brand");
    const price = await sql.query(s.price, p.price, "facet_price");
    return outcome(page, color, size, brand, price);
  };
  const single: Runner = async (q) => {
    const rows = await sql.query(singleStatement(q.sort), params(q).single, `single_${q.sort}`);
    const of = (kind: string) => rows.filter((r) => r.kind === kind);
    const page = of("page")
      .sort((a, b) => Number(a.n) - Number(b.n))
      .map((r) => ({ id: r.key }));
    return outcome(page, of("color"), of("size"), of("brand"), of("price"));
  };
  const out: Record<string, Runner> = { sequential, single };
  const poolQuery = sql.poolQuery;
  if (poolQuery) {
    out.parallel = async (q) => {
      const s = statements(q.sort);
      const p = params(q);
      const [page, color, size, brand, price] = await Promise.all([
        poolQuery(s.page, p.page, `page_${q.sort}`),
        poolQuery(s.color, p.color, "facet_color"),
        poolQuery(s.size, p.size, "facet_size"),
        poolQuery(s.brand, p.brand, "facet_brand"),
        poolQuery(s.price, p.price, "facet_price"),
      ]);
      return outcome(page, color, size, brand, price);
    };
  }
  return out;
}

export interface PostgresResult {
  engine: "postgres" | "pglite";
  location: string;
  serverVersion: string;
  settings: Record<string, string>;
  loadMs: number;
  tableBytes: number;
  /** Per variant: latency of one full browse (page + all facets). */
  variants: Record<string, Latency>;
  fastest: string;
  browse: Latency;
  /** Outcomes with every facet option (no top-10 cut), for the checks. */
  samples: BrowseOutcome[];
  /** Which variants agree with the sequential one on the samples (totals, pages, facets). */
  variantsAgree: boolean;
  plan: string;
}

export async function benchPostgres(
  database: BenchDatabase | undefined,
  flat: readonly FlatProduct[],
  queries: readonly BrowseQuery[],
  log: (line: string) => void,
  sampleCount: number,
): Promise<PostgresResult> {
  const sql = await connect(database);
  try {
    const started = performance.now();
    await load(sql, flat);
    const loadMs = performance.now() - started;
    const [version] = await sql.query("select version() as v, pg_total_relation_size('bench_product') as b");
    const settings: Record<string, string> = {};
    for (const name of ["shared_buffers", "work_mem", "jit", "max_parallel_workers_per_gather"])
      settings[name] = String((await sql.query(`select current_setting('${name}') as v`))[0]!.v);
    log(`  ${sql.kind}: loaded ${flat.length} rows + indexes in ${loadMs.toFixed(0)} ms`);

    const samples: BrowseOutcome[] = [];
    for (const q of queries.slice(0, sampleCount)) {
      const s = statements(q.sort, null);
      const p = params(q);
      samples.push(
        outcome(
          await sql.query(s.page, p.page),
          await sql.query(s.color, p.color),
          await sql.query(s.size, p.size),
          await sql.query(s.brand, p.brand),
          await sql.query(s.price, p.price),
        ),
      );
    }

    const run = runners(sql);
    // The variants must give the same answers, or timing them against each other means nothing.
    let variantsAgree = true;
    for (const q of queries.slice(0, sampleCount)) {
      const reference = canonical(await run.sequential!(q));
      for (const [name, runner] of Object.entries(run)) {
        if (canonical(await runner(q)) !== reference) {
          variantsAgree = false;
          log(`  ${sql.kind}: variant ${name} disagrees on a sample browse`);
        }
      }
    }

    const variants: Record<string, Latency> = {};
    for (const [name, runner] of Object.entries(run)) {
      // Warm-up: plans cached, buffers hot, pool connections open and statements prepared.
      await timeAsync({ maxRuns: 100, maxMs: 2_000 }, (i) => runner(queries[i % queries.length]!));
      variants[name] = summarize(
        await timeAsync({ maxRuns: 2_000, maxMs: 6_000 }, (i) => runner(queries[i % queries.length]!)),
      );
      log(
        `  ${sql.kind}: ${name} p50 ${variants[name]!.p50.toFixed(2)} ms over ${variants[name]!.runs} runs`,
      );
    }
    const fastest = Object.entries(variants).sort((a, b) => a[1].p50 - b[1].p50)[0]![0];
    const q0 = queries[0]!;
    const plan = (
      await sql.query(
        `explain (analyze, costs off, timing off, summary on) ${singleStatement(q0.sort)}`,
        params(q0).single,
      )
    )
      .map((r) => String(r["QUERY PLAN"]))
      .join("\n");
    return {
      engine: sql.kind,
      location: sql.location,
      serverVersion: String(version!.v),
      settings,
      loadMs,
      tableBytes: Number(version!.b),
      variants,
      fastest,
      browse: variants[fastest]!,
      samples,
      variantsAgree,
      plan,
    };
  } finally {
    await sql.close();
  }
}
