/**
 * A Babel plugin for dependency-cruiser only: it turns `import type` into plain imports before the
 * TypeScript preset strips them, so a type-only import still counts as a dependency. A feature that
 * reads another feature's types knows that feature as surely as one that calls it, and the layering
 * rules must see it. (dependency-cruiser's TypeScript parser would mark such imports, but it does
 * not support TypeScript 7, which has no JavaScript API; Babel reads TypeScript syntax itself.)
 */
module.exports = () => ({
  visitor: {
    Program: {
      // On entering the program: the TypeScript preset drops type-only imports there too.
      enter(path) {
        for (const node of path.node.body) {
          const reExport =
            (node.type === "ExportNamedDeclaration" || node.type === "ExportAllDeclaration") && node.source;
          if (node.type === "ImportDeclaration") {
            node.importKind = "value";
            for (const specifier of node.specifiers) if (specifier.importKind) specifier.importKind = "value";
          } else if (reExport) {
            node.exportKind = "value";
            for (const specifier of node.specifiers ?? [])
              if (specifier.exportKind) specifier.exportKind = "value";
          }
        }
      },
    },
  },
});
