import { type IDBPDatabase, openDB } from "idb";

/**
 * The one IndexedDB wrapper of the storefront (transactional §8/§9, browsing §8/§9). Every store
 * of the browser persists through it, so the spec's rules hold everywhere:
 * - a read or write not answering within 800 ms is logged and the database connection is
 *   recreated (closed and opened again; the data stays: a stuck connection, not the data, is
 *   what goes wrong);
 * - after 1 read error reads skip persistence (answer "nothing stored"); after 30 write errors
 *   writes do too (they resolve without writing), so a broken IndexedDB never blocks the shop;
 * - a quota error clears the store and the write is tried once more.
 * Without IndexedDB (server rendering, some private modes) everything is skipped.
 */

const STORAGE_TIMEOUT_MS = 800;
const MAX_READ_ERRORS = 1;
export const MAX_WRITE_ERRORS = 30;

/** The part of an idb database the wrapper uses, so tests can hand in a misbehaving one. */
export type StorageDatabase = Pick<IDBPDatabase, "get" | "put" | "delete" | "clear" | "close">;

export interface StorageOptions {
  timeoutMs?: number;
  /** Opens the database; the default opens `etalage-<name>` with one object store `<name>`. */
  open?: () => Promise<StorageDatabase>;
  log?: (message: string, error?: unknown) => void;
}

export interface KeyValueStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
  /** Whether reads / writes still touch IndexedDB. */
  readonly status: { reads: boolean; writes: boolean; readErrors: number; writeErrors: number };
}

class StorageTimeout extends Error {
  constructor(operation: string, ms: number) {
    super(`Storage ${operation} did not answer within ${ms} ms`);
    this.name = "StorageTimeout";
  }
}

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED";
}

export function createStorage(name: string, options: StorageOptions = {}): KeyValueStorage {
  const timeoutMs = options.timeoutMs ?? STORAGE_TIMEOUT_MS;
  const log = options.log ?? ((message, error) => console.warn(`[storage:${name}] ${message}`, error ?? ""));
  const available = options.open !== undefined || typeof indexedDB !== "undefined";
  const open =
    options.open ??
    (() =>
      openDB(`etalage-${name}`, 1, {
        upgrade(db) {
          if (!db.objectStoreNames.contains(name)) db.createObjectStore(name);
        },
      }));

  let connection: Promise<StorageDatabase> | undefined;
  const status = { reads: available, writes: available, readErrors: 0, writeErrors: 0 };

  const database = (): Promise<StorageDatabase> => {
    if (!connection) {
      connection = open();
      // A failed open is tried again by the next operation.
      connection.catch(() => {
        connection = undefined;
      });
    }
    return connection;
  };

  const recreate = () => {
    const stale = connection;
    connection = undefined;
    stale?.then((db) => db.close()).catch(() => {});
  };

  /** Runs one operation against the 800 ms limit; a timeout recreates the connection. */
  async function withTimeout<T>(operation: string, run: (db: StorageDatabase) => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StorageTimeout(operation, timeoutMs)), timeoutMs);
    });
    try {
      return await Promise.race([database().then(run), timeout]);
    } catch (error) {
      if (error instanceof StorageTimeout) {
        log(`${error.message}; recreating the database connection`);
        recreate();
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  const readFailed = (error: unknown) => {
    status.readErrors++;
    log("read failed", error);
    if (status.readErrors >= MAX_READ_ERRORS) status.reads = false;
  };
  const writeFailed = (error: unknown) => {
    status.writeErrors++;
    log("write failed", error);
    if (status.writeErrors >= MAX_WRITE_ERRORS) status.writes = false;
  };

  async function write(operation: string, run: (db: StorageDatabase) => Promise<unknown>): Promise<void> {
    if (!status.writes) return;
    try {
      await withTimeout(operation, run);
    } catch (error) {
      if (!isQuotaError(error)) return writeFailed(error);
      log("quota exceeded; clearing the store and trying once more", error);
      try {
        await withTimeout("clear", (db) => db.clear(name));
        await withTimeout(operation, run);
      } catch (retryError) {
        writeFailed(retryError);
      }
    }
  }

  return {
    status,
    async get<T>(key: string): Promise<T | undefined> {
      if (!status.reads) return undefined;
      try {
        return (await withTimeout("read", (db) => db.get(name, key))) as T | undefined;
      } catch (error) {
        readFailed(error);
        return undefined;
      }
    },
    set: (key, value) => write("write", (db) => db.put(name, value, key)),
    delete: (key) => write("delete", (db) => db.delete(name, key)),
    clear: () => write("clear", (db) => db.clear(name)),
  };
}
