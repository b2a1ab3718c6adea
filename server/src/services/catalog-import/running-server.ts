import { readFile, rm, writeFile } from "node:fs/promises";
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

/** The server holding `dataDir`, if one announced itself and its process is still alive. */
export async function findRunningServer(dataDir: string): Promise<RunningServer | undefined> {
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
