/**
 * Compares two V8 heap snapshots (the soak's `SOAK_HEAP_SNAPSHOTS=1` writes them after the
 * warm-up and after the idle minute): total size, then the object groups (constructor or node
 * type) that grew most in count and bytes, so a leak shows as a group that only grows.
 *
 *   node --import tsx bench/soak/heap-diff.ts before.heapsnapshot after.heapsnapshot [rows]
 */
import { readFileSync } from "node:fs";

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

interface Group {
  count: number;
  bytes: number;
}

export function groups(file: string): { total: number; byGroup: Map<string, Group> } {
  const data = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const types = data.snapshot.meta.node_types[0];
  const byGroup = new Map<string, Group>();
  let total = 0;
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt]!]!;
    const name = data.strings[data.nodes[i + nameAt]!]!;
    const size = data.nodes[i + sizeAt]!;
    total += size;
    // Objects by constructor; strings, code and arrays by their type (their names are contents).
    const key = type === "object" || type === "native" ? `${type}: ${name.slice(0, 60)}` : type;
    const group = byGroup.get(key) ?? { count: 0, bytes: 0 };
    group.count++;
    group.bytes += size;
    byGroup.set(key, group);
  }
  return { total, byGroup };
}

function main() {
  const [beforeFile, afterFile, rowsText] = process.argv.slice(2);
  if (!beforeFile || !afterFile) {
    console.error("usage: heap-diff.ts before.heapsnapshot after.heapsnapshot [rows]");
    process.exit(2);
  }
  const rows = Number(rowsText ?? 25);
  const before = groups(beforeFile);
  const after = groups(afterFile);
  const mb = (b: number) => (b / 1024 / 1024).toFixed(2);
  console.log(`total self size: ${mb(before.total)} MB → ${mb(after.total)} MB`);
  const keys = new Set([...before.byGroup.keys(), ...after.byGroup.keys()]);
  const diff = [...keys].map((key) => {
    const b = before.byGroup.get(key) ?? { count: 0, bytes: 0 };
    const a = after.byGroup.get(key) ?? { count: 0, bytes: 0 };
    return { key, countBefore: b.count, countAfter: a.count, bytesBefore: b.bytes, bytesAfter: a.bytes };
  });
  console.log("\nlargest groups after:");
  for (const d of [...diff].sort((x, y) => y.bytesAfter - x.bytesAfter).slice(0, rows))
    console.log(`  ${mb(d.bytesAfter).padStart(8)} MB  ${String(d.countAfter).padStart(8)}  ${d.key}`);
  console.log("\ngrew most (bytes):");
  for (const d of [...diff]
    .sort((x, y) => y.bytesAfter - y.bytesBefore - (x.bytesAfter - x.bytesBefore))
    .slice(0, rows))
    console.log(
      `  ${`${d.bytesAfter >= d.bytesBefore ? "+" : ""}${mb(d.bytesAfter - d.bytesBefore)}`.padStart(9)} MB  ${String(d.countBefore).padStart(8)} → ${String(d.countAfter).padEnd(8)}  ${d.key}`,
    );
}

main();
