// Bundles the server into dist/main.js. Our own workspaces (@etalage/*, TypeScript sources) are
// bundled in; every other package stays external and is loaded from node_modules.
import { build } from "esbuild";

const ownWorkspace = /^@etalage\//;

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
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
