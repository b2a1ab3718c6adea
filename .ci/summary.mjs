// Adds up the JSON reports of every suite into one closing line: "Total: N passed, N failed".
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
  if ("numPassedTests" in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    console.log(`${name}: ${report.stats.expected} passed, ${report.stats.unexpected} failed`);
  }
}
if (!existsSync(dir) || passed + failed === 0) {
  console.log("No tests ran.");
  process.exit(1);
}
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
