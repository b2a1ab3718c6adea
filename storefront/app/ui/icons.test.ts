import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const app = path.resolve(here, "..");
const sprite = readFileSync(path.join(here, "icons.svg"), "utf8");
const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
const names = [
  ...readFileSync(path.join(here, "icons.tsx"), "utf8")
    .split("export type IconName =")[1]!
    .split(";")[0]!
    .matchAll(/"([^"]+)"/g),
].map((m) => m[1]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the icon sprite", () => {
  it("draws every icon name the type allows, on the 24 px grid, each once", () => {
    expect(symbols.length).toBe(new Set(symbols).size);
    expect([...symbols].sort()).toEqual([...names].sort());
  });

  it("is the only set of icons: no other module draws on the icons' 24 px grid", () => {
    const drawing = sources(app).filter((file) => readFileSync(file, "utf8").includes('viewBox="0 0 24 24"'));
    expect(drawing.map((file) => path.relative(app, file))).toEqual(["ui/icons.tsx"]);
  });
});
