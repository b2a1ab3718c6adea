// Bundles the server into dist/main.js. Our own workspaces (@etalage/*, TypeScript sources) are
// bundled in; every other package stays external and is loaded from node_modules.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

// Engineers running several builds side by side name their own folder (under server/, so the
// server still finds the repository root from it).
const outdir = process.env.ETALAGE_SERVER_DIST ?? "dist";
const ownWorkspace = /^@etalage\//;

await build({
  // The render threads' entry (src/ssr/render-pool.ts) sits beside the server's, and so do the
  // allocator settings scripts/start.mjs starts the server with (src/allocator.ts).
  entryPoints: {
    server: "src/main.ts",
    "render-worker": "src/ssr/render-worker.ts",
    allocator: "src/allocator.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "externals",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          ownWorkspace.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// React and React Router choose their production builds from NODE_ENV when first imported, and ESM
// imports run before any code of the importing module: so the entry sets it, then loads the server.
writeFileSync(
  path.join(outdir, "main.js"),
  `process.env.NODE_ENV ??= "production";\nawait import("./server.js");\n`,
);
