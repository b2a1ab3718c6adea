import pino from "pino";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { EngageClient } from "./engage-client.ts";
import { EngageSync } from "./engage-sync.ts";

/** A real Engage when VOYADO_ENGAGE_URL and its key are set; the built-in one needs no sending. */
export function engageSyncOf(config: Config, db: Db): EngageSync | undefined {
  if (!config.VOYADO_ENGAGE_URL || !config.VOYADO_ENGAGE_API_KEY) return undefined;
  const client = new EngageClient({ url: config.VOYADO_ENGAGE_URL, apiKey: config.VOYADO_ENGAGE_API_KEY });
  const log = pino({ name: "voyado-engage", level: config.LOG_LEVEL });
  return new EngageSync(db, client, log, config.VOYADO_ENGAGE_SYNC_INTERVAL_MS);
}
