import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** One page type's limits (bench/budgets.json). */
interface PageBudget {
  cpuMsPerRender: number;
  jsGzipKb: number;
}

export interface Budgets {
  /** How far over its `ci` CPU figure a page may measure before CI fails (0.5: 50 %). */
  ciCpuMargin: number;
  pages: Record<string, { target: PageBudget; ci: PageBudget }>;
}

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../budgets.json");

/** The budgets the repository holds: `target` where the shop must get to, `ci` what CI enforces. */
export function readBudgets(): Budgets {
  return JSON.parse(readFileSync(file, "utf8")) as Budgets;
}

/** CPU milliseconds per request: the server's CPU time over a run divided by what it answered. */
export function cpuMsPerRender(cpuSeconds: number, requests: number): number {
  return requests > 0 ? (cpuSeconds * 1000) / requests : Number.POSITIVE_INFINITY;
}
