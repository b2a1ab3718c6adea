/**
 * Rendered variants on disk (DATA_DIR/image-cache), bounded in bytes. A variant never changes for
 * a given key (the key includes the source version), so a file on disk is served as-is forever,
 * until the least recently used files make room for new ones.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { type Format, imageStats } from "./render.ts";

export interface ImageCacheOptions {
  /** The bytes the files may take together; the least recently used go first. */
  maxBytes: number;
  onError?: (err: unknown) => void;
}

/**
 * Disk cache with in-process coalescing: concurrent requests for one variant share one render,
 * and files appear on disk only complete (written aside, then renamed into place).
 *
 * The index of files (name → bytes, in order of last use) lives in memory, seeded from the
 * directory at start in the order of the files' last access or change; the file system's own
 * access times are not relied on afterwards (many disks are mounted noatime).
 */
export class ImageCache {
  private readonly inflight = new Map<string, Promise<Buffer>>();
  private readonly files: LRUCache<string, number>;
  private readonly onError: (err: unknown) => void;

  private constructor(
    private readonly dir: string,
    options: ImageCacheOptions,
  ) {
    this.onError = options.onError ?? (() => {});
    this.files = new LRUCache<string, number>({
      maxSize: options.maxBytes,
      // A zero-byte file still costs a directory entry.
      sizeCalculation: (bytes) => Math.max(1, bytes),
      dispose: (_bytes, name, reason) => {
        if (reason === "evict") {
          imageStats.evictions++;
          rm(this.pathOf(name), { force: true }).catch(this.onError);
        }
      },
    });
  }

  /** The cache over `dir`, with the files already there counted (and trimmed to the cap). */
  static async open(dir: string, options: ImageCacheOptions): Promise<ImageCache> {
    const cache = new ImageCache(dir, options);
    await cache.seed();
    return cache;
  }

  /** Bytes the indexed files take. */
  get size(): number {
    return this.files.calculatedSize;
  }

  get maxBytes(): number {
    return this.files.maxSize;
  }

  fileFor(key: string, format: Format): string {
    return this.pathOf(`${key}.${format}`);
  }

  get(key: string, format: Format, produce: () => Promise<Buffer>): Promise<Buffer> {
    const running = this.inflight.get(key);
    if (running) {
      imageStats.coalesced++;
      return running;
    }
    const job = this.load(key, format, produce).finally(() => this.inflight.delete(key));
    this.inflight.set(key, job);
    return job;
  }

  private pathOf(name: string): string {
    return path.join(this.dir, name.slice(0, 2), name);
  }

  private async load(key: string, format: Format, produce: () => Promise<Buffer>): Promise<Buffer> {
    const name = `${key}.${format}`;
    const file = this.pathOf(name);
    try {
      const bytes = await readFile(file);
      imageStats.diskHits++;
      // Marks the file as just used (or counts one the index had not seen).
      if (this.files.get(name) === undefined) this.files.set(name, bytes.length);
      return bytes;
    } catch (err) {
      this.files.delete(name);
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") this.onError(err);
    }
    const bytes = await produce();
    // A failed cache write must not fail the request: the bytes are good, only reuse is lost.
    if (bytes.length <= this.files.maxSize) {
      await this.store(file, bytes)
        .then(() => this.files.set(name, bytes.length))
        .catch(this.onError);
    }
    return bytes;
  }

  private async store(file: string, bytes: Buffer): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  /**
   * Counts what an earlier run left, oldest use first, so the index evicts in that order; a
   * directory over the cap (a lowered setting) is trimmed here. Half-written files of a run that
   * stopped mid-write are removed.
   */
  private async seed(): Promise<void> {
    const shards = await readdir(this.dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOENT") this.onError(err);
      return [];
    });
    const found: { name: string; bytes: number; used: number }[] = [];
    for (const shard of shards) {
      if (!shard.isDirectory()) continue;
      const dir = path.join(this.dir, shard.name);
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name);
          if (name.endsWith(".tmp")) return rm(file, { force: true }).catch(this.onError);
          const info = await stat(file).catch(() => undefined);
          if (info?.isFile())
            found.push({ name, bytes: info.size, used: Math.max(info.atimeMs, info.mtimeMs) });
        }),
      );
    }
    // Newest first: what fits under the cap stays, the rest is removed before the first request.
    found.sort((a, b) => b.used - a.used);
    let room = this.files.maxSize;
    const kept: typeof found = [];
    const dropped: string[] = [];
    for (const file of found) {
      room -= Math.max(1, file.bytes);
      if (room >= 0) kept.push(file);
      else dropped.push(file.name);
    }
    await Promise.all(dropped.map((name) => rm(this.pathOf(name), { force: true }).catch(this.onError)));
    for (const { name, bytes } of kept.reverse()) this.files.set(name, bytes);
  }
}
