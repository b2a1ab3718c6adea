import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A built-in vendor emulator's API key: kept in DATA_DIR/{name}.json, made on first start, so a
 * restart keeps it and none is ever in the repository (as the test gateway's keys).
 */
export function localKey(dataDir: string, name: string): string {
  const file = path.join(dataDir, `${name}.json`);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${JSON.stringify({ apiKey: randomBytes(24).toString("hex") }, null, 2)}\n`, {
        mode: 0o600,
        flag: "wx",
      });
    } catch (error) {
      // Another process made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return (JSON.parse(readFileSync(file, "utf8")) as { apiKey: string }).apiKey;
}
