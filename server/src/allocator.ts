/**
 * The C allocator settings the shop runs with (docs/decisions/0013-memory-budget.md). glibc reads
 * them when a process starts, so they cannot be set from inside the server: `npm start`
 * (scripts/start.mjs) starts the server with them, the benchmarks do the same, and a server
 * started without them says so once at start-up.
 *
 * Why: sharp (libvips, the AVIF and WebP encoders), the render threads and Node's own threads
 * each get a malloc arena of their own (up to 8 per core), and glibc raises its mmap threshold
 * after the first large buffer is freed, so later image buffers of several MB are carved from
 * those arenas and never returned. In the soak (bench/soak) 16 arenas held 409–823 MB and the
 * process stayed at 1.3 GB; with two arenas and large blocks always mapped (and unmapped when
 * freed) they held 26–40 MB and the process 450 MB. The price: brotli's 10 MB of working memory
 * is mapped afresh for every compression, 0.35–0.65 ms more CPU for a 93 kB page.
 */
export const ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  /** Threads share two arenas instead of one each: freed memory is reused by the next thread. */
  MALLOC_ARENA_MAX: "2",
  /** Blocks of 128 KiB and more are mapped for themselves and unmapped when freed (glibc's
   * initial value, here kept fixed: otherwise it rises to 32 MiB after the first large free). */
  MALLOC_MMAP_THRESHOLD_: "131072",
};

/**
 * Variables that mean the operator chose an allocator setup: none is added then. An empty
 * `MALLOC_ARENA_MAX=` counts, and keeps glibc's defaults (for before/after comparisons).
 */
const OPERATOR_CHOICES = [...Object.keys(ALLOCATOR_ENV), "GLIBC_TUNABLES", "LD_PRELOAD"];

/** What to add to `env` to start the server with the shop's allocator settings. */
export function allocatorEnv(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  if (platform !== "linux") return {};
  if (OPERATOR_CHOICES.some((name) => env[name] !== undefined)) return {};
  return { ...ALLOCATOR_ENV };
}

/**
 * Whether this process runs on glibc without the shop's settings or any other allocator choice
 * (musl and other platforms have no such arenas).
 */
export function missingAllocatorSettings(env: NodeJS.ProcessEnv = process.env): boolean {
  if (Object.keys(allocatorEnv(env)).length === 0) return false;
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)
    ?.header;
  return header?.glibcVersionRuntime !== undefined;
}
