/**
 * Latency statistics and bounded measuring loops. Every loop stops at a run count or a deadline,
 * whichever comes first, so a slow engine cannot stretch the suite past its time budget.
 */

export interface Latency {
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles (no interpolation: every figure is a time that was measured). */
export function summarize(samples: readonly number[]): Latency {
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.ceil(q * sorted.length) - 1]!);
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    runs: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!,
    mean: sorted.length === 0 ? Number.NaN : sum / sorted.length,
  };
}

export interface LoopLimits {
  /** Stop after this many runs. */
  maxRuns: number;
  /** Keep going until at least this many runs, unless the deadline passes first. */
  minRuns?: number;
  /** Stop starting new runs after this many milliseconds. */
  maxMs: number;
}

/**
 * Times `fn(i)` for i = 0, 1, … within the limits; returns one duration in ms per run. Synchronous,
 * so nothing else runs on this thread between the clock reads.
 */
export function timeSync(limits: LoopLimits, fn: (i: number) => unknown): number[] {
  const samples: number[] = [];
  const deadline = performance.now() + limits.maxMs;
  for (let i = 0; i < limits.maxRuns; i++) {
    const start = performance.now();
    fn(i);
    const end = performance.now();
    samples.push(end - start);
    if (end > deadline) break;
  }
  return samples;
}

/** `timeSync` for work that awaits (database round trips). */
export async function timeAsync(limits: LoopLimits, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  const deadline = performance.now() + limits.maxMs;
  for (let i = 0; i < limits.maxRuns; i++) {
    const start = performance.now();
    await fn(i);
    const end = performance.now();
    samples.push(end - start);
    if (end > deadline) break;
  }
  return samples;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
