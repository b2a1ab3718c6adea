import { CatalogIndex } from "../catalog-index/catalog-index.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";

/** Everything a route or an SSR loader may use; built once per process in `createServices`. */
export interface Services {
  config: Config;
  database: Database;
  catalog: CatalogIndex;
}

export async function createServices(config: Config, database: Database): Promise<Services> {
  const catalog = new CatalogIndex(database.db);
  await catalog.build();
  return { config, database, catalog };
}
