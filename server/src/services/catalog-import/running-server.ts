import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * PGlite allows one process per data folder. A server announces itself in the folder, so the
 * import CLI can tell "a server holds this database" from "nobody does" and send the file to
 * the server's admin endpoint instead of opening the folder a second time.
 */

export interface RunningServer {
  pid: number;
  url: string;
  startedAt: string;
}

const FILE = "server.json";

/** Writes the announcement; the returned function removes it on shutdown. */
export async function announceServer(dataDir: string, address: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, FILE);
  // Listening on every interface: the CLI on this machine reaches it on loopback.
  const url = address.replace(/\/\/(0\.0\.0\.0|\[::\])(?=[:/]|$)/, "//127.0.0.1");
  const entry: RunningServer = { pid: process.pid, url, startedAt: new Date().toISOString() };
  await writeFile(file, `${JSON.stringify(entry)}\n`);
  return () => rm(file, { force: true });
}

/** A second server on a PGlite data folder: the operator's mistake, said without a stack trace. */
export class DataFolderInUse extends Error {}

/**
 * Claims `dataDir` for this process before PGlite opens it: a second server on the same folder
 * would corrupt it, so it is refused with the reason and the way to run several instances.
 * A claim left by a process that died is taken over. The announcement later adds the address.
 */
export async function claimDataFolder(dataDir: string): Promise<void> {
  const file = path.join(dataDir, FILE);
  const entry: RunningServer = { pid: process.pid, url: "", startedAt: new Date().toISOString() };
  await mkdir(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, `${JSON.stringify(entry)}\n`, { flag: "wx" });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = await holderOf(dataDir);
    if (holder && holder.pid !== process.pid)
      throw new DataFolderInUse(
        `Another Etalage server (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ""}) already uses the data folder ${dataDir}: PGlite is one process's database. Stop that server, give this one its own DATA_DIR, or run several instances on PostgreSQL with DATABASE_URL and REDIS_URL (README, "Several instances").`,
      );
    await rm(file, { force: true });
  }
}

/** The server holding `dataDir`, if one announced its address and its process is still alive. */
export async function findRunningServer(dataDir: string): Promise<RunningServer | undefined> {
  const holder = await holderOf(dataDir);
  return holder?.url ? holder : undefined;
}

/** The live process that claimed `dataDir` (while it starts, without an address yet). */
async function holderOf(dataDir: string): Promise<RunningServer | undefined> {
  let entry: RunningServer;
  try {
    entry = JSON.parse(await readFile(path.join(dataDir, FILE), "utf8")) as RunningServer;
  } catch {
    return undefined;
  }
  return isAlive(entry.pid) ? entry : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
