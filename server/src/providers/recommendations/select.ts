import pino from "pino";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { OrderConfirmedHook } from "../../services/orders/types.ts";
import { clusterOrigin } from "./cluster.ts";
import { builtinPurchases, clusterPurchases, reportPurchases } from "./purchases.ts";
import type { ElevateService } from "./service.ts";

/** Paid orders to the cluster with ELEVATE_API_KEY, else to the built-in service (issue 30 item 10). */
export function purchaseReports(config: Config, elevate: ElevateService, db: Db): OrderConfirmedHook {
  const log = pino({ name: "elevate", level: config.LOG_LEVEL });
  if (config.ELEVATE_CLUSTER_ID && !config.ELEVATE_API_KEY)
    log.warn("ELEVATE_API_KEY is not set: the cluster does not learn from orders");
  const report =
    config.ELEVATE_CLUSTER_ID && config.ELEVATE_API_KEY
      ? clusterPurchases(clusterOrigin(config.ELEVATE_CLUSTER_ID), config.ELEVATE_API_KEY)
      : builtinPurchases(elevate);
  return reportPurchases(db, report, (message, error) => log.warn({ err: error }, message));
}
