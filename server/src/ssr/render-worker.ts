/**
 * A render thread (docs/decisions/0011-render-threads.md): its own copy of the storefront build,
 * rendering whole pages the request thread hands it as plain data (storefront/app/lib/render-document.tsx).
 * The bytes go back by transfer, not by copy.
 */
import { pathToFileURL } from "node:url";
import { move, workerData } from "piscina";
import type { ServerBuild } from "react-router";
import { UNAVAILABLE } from "./render-pool.ts";

interface RenderEntry {
  renderTask(task: unknown, build: ServerBuild): string;
  serverModulesLoaded(): Promise<void>;
}

/** The build, or why there is none: every page then fails fast and renders in the request thread. */
const loaded = (async () => {
  const { serverEntry } = workerData as { serverEntry: string };
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const entry = build.entry.module as unknown as RenderEntry;
  // The request thread's loaders await the page code they render; here nothing would.
  await entry.serverModulesLoaded();
  return { build, entry };
})().catch((error: unknown) => error as Error);

const encoder = new TextEncoder();

export default async function render(task: unknown) {
  const ready = await loaded;
  if (ready instanceof Error) throw new Error(`${UNAVAILABLE}: ${ready.message}`);
  return move(encoder.encode(ready.entry.renderTask(task, ready.build)));
}
