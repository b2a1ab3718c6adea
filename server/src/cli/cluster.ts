import { parseArgs } from "node:util";
import { startCluster } from "../cluster/harness.ts";

/**
 * `npm run cluster [-- --instances N]`: N instances of the production build on DATABASE_URL and
 * REDIS_URL behind a round-robin proxy on PORT (default 3000). What an operator uses to try a
 * multi-instance setup on one machine (README, "Several instances"); Ctrl-C stops them all.
 */
const { values } = parseArgs({
  options: { instances: { type: "string", default: "2" } },
});
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error("--instances: a whole number from 1 to 16");
  process.exit(2);
}
try {
  const cluster = await startCluster({
    instances,
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? "127.0.0.1",
    env: {},
  });
  console.log(
    `Etalage cluster: ${instances} instances (${cluster.instances.map((i) => `:${i.port}`).join(", ")}) behind ${cluster.url}, round robin`,
  );
  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void cluster.close().then(() => process.exit(0));
    });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
