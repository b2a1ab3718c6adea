import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { meta } from "../../db/schema.ts";

export interface GatewayKeys {
  apiKey: string;
  hmacKey: string;
  merchantAccount: string;
}

const META_KEY = "adyen_test_gateway_keys";

function fresh(env: NodeJS.ProcessEnv, stored: Partial<GatewayKeys>): GatewayKeys {
  return {
    apiKey: env.ADYEN_TEST_GATEWAY_API_KEY || stored.apiKey || `AQE${randomBytes(24).toString("base64url")}`,
    hmacKey:
      env.ADYEN_TEST_GATEWAY_HMAC_KEY || stored.hmacKey || randomBytes(32).toString("hex").toUpperCase(),
    merchantAccount: env.ADYEN_TEST_GATEWAY_MERCHANT || stored.merchantAccount || "EtalageTestGateway",
  };
}

/**
 * The built-in gateway's own credentials (contract "Payments"): from the environment when set,
 * else generated once. The database holds them, so every instance of the shop on one PostgreSQL
 * signs and checks with the same keys; DATA_DIR/adyen-test-gateway.json gets a copy for an
 * operator or a test that drives the gateway with Adyen's own client (and a copy written by an
 * earlier version is taken over).
 */
export async function loadGatewayKeys(
  db: Db,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<GatewayKeys> {
  const file = path.join(dataDir, "adyen-test-gateway.json");
  const fromFile: Partial<GatewayKeys> = existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as GatewayKeys)
    : {};
  const [row] = await db.select().from(meta).where(eq(meta.key, META_KEY));
  let stored = row?.value as GatewayKeys | undefined;
  if (!stored) {
    // Two instances starting together: the first insert wins and both read it back.
    await db
      .insert(meta)
      .values({ key: META_KEY, value: fresh({}, fromFile) })
      .onConflictDoNothing();
    const [again] = await db.select().from(meta).where(eq(meta.key, META_KEY));
    stored = again!.value as GatewayKeys;
  }
  const keys = fresh(env, stored);
  if (fromFile.apiKey !== keys.apiKey || fromFile.hmacKey !== keys.hmacKey) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  }
  return keys;
}
