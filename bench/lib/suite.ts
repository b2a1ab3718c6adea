/**
 * What a benchmark suite is for `run.ts`: a name, one line of description and a function that
 * measures, prints its own table and writes `bench/results/<name>.json`.
 */

export interface TargetResult {
  /** What is measured, e.g. "faceted browse p99 (in-process)". */
  name: string;
  /** The requirement as text, e.g. "<= 5 ms". */
  target: string;
  value: number;
  unit: string;
  pass: boolean;
}

export interface SuiteResult {
  targets: TargetResult[];
  /** Where the suite wrote its figures. */
  resultFile: string;
}

export interface SuiteContext {
  /** bench/results */
  resultsDir: string;
  log: (line: string) => void;
}

export interface Suite {
  name: string;
  description: string;
  run(context: SuiteContext): Promise<SuiteResult>;
}

export const atMost = (name: string, value: number, limit: number, unit: string): TargetResult => ({
  name,
  target: `<= ${limit} ${unit}`,
  value,
  unit,
  pass: Number.isFinite(value) && value <= limit,
});

export const atLeast = (name: string, value: number, limit: number, unit: string): TargetResult => ({
  name,
  target: `>= ${limit} ${unit}`,
  value,
  unit,
  pass: Number.isFinite(value) && value >= limit,
});
