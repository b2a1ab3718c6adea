import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface GatewayKeys {
  apiKey: string;
  hmacKey: string;
  merchantAccount: string;
}

/**
 * The built-in gateway's own credentials (contract "Payments"): from the environment when set,
 * else generated once into DATA_DIR/adyen-test-gateway.json so a restart keeps them.
 */
export function loadGatewayKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): GatewayKeys {
  const file = path.join(dataDir, "adyen-test-gateway.json");
  let stored: Partial<GatewayKeys> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as GatewayKeys;
  const keys: GatewayKeys = {
    apiKey: env.ADYEN_TEST_GATEWAY_API_KEY || stored.apiKey || `AQE${randomBytes(24).toString("base64url")}`,
    hmacKey:
      env.ADYEN_TEST_GATEWAY_HMAC_KEY || stored.hmacKey || randomBytes(32).toString("hex").toUpperCase(),
    merchantAccount: env.ADYEN_TEST_GATEWAY_MERCHANT || stored.merchantAccount || "EtalageTestGateway",
  };
  if (!stored.apiKey) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  }
  return keys;
}
