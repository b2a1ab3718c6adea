/** Plain-text tables for stdout and for the README (same rows, two renderings). */

export type Cell = string | number | undefined;

function formatNumber(value: Cell, digits = 2): string {
  if (value === undefined) return "–";
  if (typeof value === "string") return value;
  if (!Number.isFinite(value)) return "–";
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString("en-US");
  // Counts (hits, runs) are whole numbers: "2", not "2.00".
  if (Number.isInteger(value)) return String(value);
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(digits);
}

export function textTable(header: readonly string[], rows: readonly Cell[][]): string {
  const cells = [header.map(String), ...rows.map((r) => r.map((c) => formatNumber(c)))];
  const widths = header.map((_, col) => Math.max(...cells.map((r) => (r[col] ?? "").length)));
  const line = (r: readonly string[]) =>
    r.map((c, col) => (col === 0 ? c.padEnd(widths[col]!) : c.padStart(widths[col]!))).join("  ");
  return [line(cells[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join(
    "\n",
  );
}

export function markdownTable(header: readonly string[], rows: readonly Cell[][]): string {
  const cells = rows.map((r) => r.map((c) => formatNumber(c)));
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`,
    ...cells.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}
